import { describe, expect, it } from 'vitest';
import { csvLine, csvMoney, csvText } from './earnings-csv';

describe('the earnings CSV cells', () => {
  it('quotes as RFC 4180 says: commas, quotes and line breaks', () => {
    expect(csvText('Ann Lee')).toBe('Ann Lee');
    expect(csvText('Lee, Ann')).toBe('"Lee, Ann"');
    expect(csvText('The "Best" Clean')).toBe('"The ""Best"" Clean"');
    expect(csvText('two\nlines')).toBe('"two\nlines"');
    expect(csvText(null)).toBe('');
    expect(csvLine(['a', 'b'])).toBe('a,b\r\n');
  });

  it('keeps a spreadsheet from reading text as a formula', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r'])
      expect(csvText(`${start}SUM(A1)`).replace(/^"/, '')).toMatch(/^'/);
    expect(csvText('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvText('Zoë Müller')).toBe('Zoë Müller');
  });

  it('writes money as plain dollars with two decimals', () => {
    expect(csvMoney(0)).toBe('0.00');
    expect(csvMoney(5)).toBe('0.05');
    expect(csvMoney(123456)).toBe('1234.56');
  });
});
