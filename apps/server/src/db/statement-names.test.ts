import { describe, expect, it } from 'vitest';
import { StatementNames } from './client';

describe('StatementNames', () => {
  it('names each parameterised text once, the same in every connection; leaves the others alone', () => {
    const names = new StatementNames();
    const a = { text: 'select * from plans where id = $1' };
    const again = { text: 'select * from plans where id = $1' };
    const other = { text: 'select * from plan_visits where id = $1', values: [7] };
    names.name(a, [1]);
    names.name(again, [2]);
    names.name(other, undefined);
    expect(a).toEqual({ text: a.text, name: 'stg_1' });
    expect(again).toMatchObject({ name: 'stg_1' });
    expect(other).toMatchObject({ name: 'stg_2' });
    // No parameters (BEGIN, a migration's DDL), a name of its own, no text: unchanged.
    const begin: { text: string; name?: string } = { text: 'begin' };
    names.name(begin, []);
    expect(begin.name).toBeUndefined();
    const named = { text: 'select $1', name: 'mine' };
    names.name(named, [1]);
    expect(named.name).toBe('mine');
  });

  it('stops naming new texts past MAX_NAMED (texts that vary with their data)', () => {
    const names = new StatementNames();
    for (let i = 0; i < StatementNames.MAX_NAMED; i++) names.name({ text: `select $1 + ${i}` }, [1]);
    const late: { text: string; name?: string } = { text: 'select $1 + -1' };
    names.name(late, [1]);
    expect(late.name).toBeUndefined();
    const known: { text: string; name?: string } = { text: 'select $1 + 0' };
    names.name(known, [1]);
    expect(known.name).toBe('stg_1');
  });
});
