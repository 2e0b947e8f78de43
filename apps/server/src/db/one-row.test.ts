import { describe, expect, it } from 'vitest';
import { MissingRowError, oneRow } from './one-row';

describe('oneRow', () => {
  it('answers the first row, and names what is missing when there is none', () => {
    expect(oneRow([{ id: 1 }, { id: 2 }], 'order')).toEqual({ id: 1 });
    expect(() => oneRow([], 'order')).toThrow(MissingRowError);
    expect(() => oneRow([], 'order')).toThrow('No order row where one was expected');
  });
});
