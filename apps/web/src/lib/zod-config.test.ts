import { describe, expect, it } from 'vitest';

describe('zod-config', () => {
  it('makes zod jitless without importing it, whether zod loads after it or was loaded before', async () => {
    await import('./zod-config');
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
    // zod's own copy of the configuration is the one this file set.
    expect((globalThis as { __zod_globalConfig?: unknown }).__zod_globalConfig).toBe(z.config());
  });

  it('parses objects without compiling code (no new Function)', async () => {
    await import('./zod-config');
    const { z } = await import('zod');
    const original = globalThis.Function;
    let compiled = 0;
    globalThis.Function = new Proxy(original, {
      construct(target, args) {
        compiled += 1;
        return Reflect.construct(target, args) as object;
      },
    });
    try {
      const schema = z.object({ a: z.string(), b: z.number() });
      for (let i = 0; i < 5; i += 1) expect(schema.parse({ a: 'x', b: i })).toEqual({ a: 'x', b: i });
    } finally {
      globalThis.Function = original;
    }
    expect(compiled).toBe(0);
  });

  it('words a limit a schema gave no message of its own plainly (issue 23)', async () => {
    await import('./zod-config');
    const { z } = await import('zod');
    const result = z.object({ lastName: z.string().max(100) }).safeParse({ lastName: 'x'.repeat(150) });
    expect(result.error?.issues[0]?.message).toBe('Last name must be at most 100 characters.');
  });
});
