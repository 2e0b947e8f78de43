/**
 * The version gate's promise (ADR 0022): every caller gets a version read that STARTED after the call, and
 * callers waiting together share one read.
 */
import { describe, expect, it } from 'vitest';
import { VersionGate } from './version-gate';
import { matches, representation } from './cache';

/** A read the test finishes by hand; `value` is what the database holds when the read starts. */
function heldReads() {
  let value = 1;
  const pending: { startedWith: number; finish: () => void }[] = [];
  const gate = new VersionGate(
    () =>
      new Promise<number>((resolve) => {
        const startedWith = value;
        pending.push({ startedWith, finish: () => resolve(startedWith) });
      }),
  );
  return {
    gate,
    pending,
    commitWrite: () => value++,
    finishNext: async () => {
      pending.shift()!.finish();
      // Let the gate chain its next read.
      await new Promise((r) => setImmediate(r));
    },
  };
}

describe('VersionGate', () => {
  it('never answers a caller with a read that began before it: a write committed meanwhile is seen', async () => {
    const t = heldReads();
    const first = t.gate.current(); // read 1 starts (sees version 1)
    t.commitWrite(); // a write commits while read 1 is under way
    const second = t.gate.current(); // began after the write: must not get read 1's answer
    await t.finishNext();
    expect(await first).toBe(1);
    expect(t.pending).toHaveLength(1); // read 2 started only after read 1 finished
    await t.finishNext();
    expect(await second).toBe(2);
  });

  it('callers waiting together share one read', async () => {
    const t = heldReads();
    const first = t.gate.current();
    const waiting = Array.from({ length: 50 }, () => t.gate.current());
    expect(t.pending).toHaveLength(1);
    await t.finishNext();
    expect(t.pending).toHaveLength(1); // one read for all 50
    await t.finishNext();
    expect(await first).toBe(1);
    expect(new Set(await Promise.all(waiting))).toEqual(new Set([1]));
    expect(t.gate.reads).toBe(2);
    // Idle again: the next caller starts a read at once.
    const later = t.gate.current();
    expect(t.pending).toHaveLength(1);
    await t.finishNext();
    expect(await later).toBe(1);
  });

  it('answers null (no cache) when the version cannot be read, and recovers', async () => {
    let fail = true;
    const gate = new VersionGate(async () => {
      if (fail) throw new Error('connection lost');
      return 7;
    });
    expect(await gate.current()).toBeNull();
    fail = false;
    expect(await gate.current()).toBe(7);
  });
});

describe('ETags', () => {
  it('are strong, a hash of the exact body; If-None-Match compares weakly and takes lists and *', () => {
    const a = representation('{"a":1}');
    expect(a.etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    expect(representation('{"a":1}').etag).toBe(a.etag);
    expect(representation('{"a":2}').etag).not.toBe(a.etag);
    expect(matches(a.etag, a.etag)).toBe(true);
    expect(matches(`W/${a.etag}`, a.etag)).toBe(true);
    expect(matches(`"x", ${a.etag}`, a.etag)).toBe(true);
    expect(matches('*', a.etag)).toBe(true);
    expect(matches('"x"', a.etag)).toBe(false);
    expect(matches(undefined, a.etag)).toBe(false);
  });
});
