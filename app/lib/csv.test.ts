import { expect, test } from 'vitest';
import { csvText, formulaSafe } from './csv';

test('formulaSafe: a cell a spreadsheet would run gets a quote in front; any other is kept', () => {
  for (const cell of ['=HYPERLINK("http://evil.example","click")', '+1', '-2+3', '@SUM(A1)', '\tx', '\r=1'])
    expect(formulaSafe(cell)).toBe(`'${cell}`);
  for (const cell of ['', 'Laser cutter', '2026-12-01T10:00:00+00:00', ' =1', "'=1", 'a=b', '€5'])
    expect(formulaSafe(cell)).toBe(cell);
  // A plain negative number (a ledger's delta) runs nothing: kept, so it stays a number.
  for (const cell of ['-3', '-0.5']) expect(formulaSafe(cell)).toBe(cell);
});

test('csvText: UTF-8 BOM, CRLF, quoting of commas, quotes and line breaks, every cell formula-safe', () => {
  const text = csvText([
    ['Member', 'Note'],
    ['síle', 'Bring, “gloves” and "goggles"'],
    ['bo', '=cmd|" /C calc"!A0'],
    ['@cy', 'two\nlines'],
  ]);
  expect(text.startsWith('\uFEFF')).toBe(true);
  expect(text.slice(1).split('\r\n')).toEqual([
    'Member,Note',
    'síle,"Bring, “gloves” and ""goggles"""',
    `bo,"'=cmd|"" /C calc""!A0"`,
    `'@cy,"two\nlines"`,
    '',
  ]);
});
