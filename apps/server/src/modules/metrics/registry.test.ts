import { describe, expect, it } from 'vitest';
import { operationOf } from './registry';

describe('operationOf (the operation label of marketplace_db_query_duration_seconds)', () => {
  it('names a statement by its first word, after a WITH and after a BEGIN sent with it', () => {
    expect(operationOf('select 1')).toBe('select');
    expect(operationOf('with a as (select 1) insert into t select * from a')).toBe('insert');
    expect(operationOf('begin')).toBe('begin');
    // db/client.ts sends a transaction's BEGIN with its advisory locks: the wait is the locks' (a select).
    expect(operationOf('begin; select pg_advisory_xact_lock(7403, 1)')).toBe('select');
    expect(operationOf('vacuum t')).toBe('other');
  });
});
