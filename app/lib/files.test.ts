import { expect, test } from 'vitest';
import { safeFilename } from './files';

test('a name keeps its last segment, without controls, quotes or invisible characters', () => {
  expect(safeFilename('../../etc/photo.jpg')).toBe('photo.jpg');
  expect(safeFilename('C:\\Users\\ada\\plan.pdf')).toBe('plan.pdf');
  expect(safeFilename('inv\u202efdp.exe')).toBe('invfdp.exe');
  expect(safeFilename('\u202a\u202b\u202c\u202d\u2066\u2067\u2068\u2069\u200e\u200f\u061cx.txt')).toBe(
    'x.txt',
  );
  expect(safeFilename('zero\u200bwidth\u200c\u200d\u2060\ufeff.txt')).toBe('zerowidth.txt');
  expect(safeFilename('soft\u00adhyphen\u2028line\u2029.txt')).toBe('softhyphenline.txt');
  expect(safeFilename('a\u0000b\u001f\u007f"c.txt')).toBe('abc.txt');
  expect(safeFilename('Cafe\u0301 menu.pdf')).toBe('Café menu.pdf');
});

test('dot-only and empty names become "file"; a leading dot is a name', () => {
  for (const name of ['', ' ', '.', '..', '...', ' .. ', '\u202e..\u200b', 'x/..', 'a\\..'])
    expect(safeFilename(name)).toBe('file');
  expect(safeFilename('.gitignore')).toBe('.gitignore');
  expect(safeFilename('notes..txt')).toBe('notes..txt');
});

test('long names are cut at 160 characters without leaving half a character', () => {
  expect(safeFilename('x'.repeat(300))).toHaveLength(160);
  const cut = safeFilename(`${'x'.repeat(159)}😀.png`);
  expect(cut).toBe('x'.repeat(159));
  expect(safeFilename('a\uD800b\uDC00.txt')).toBe('ab.txt');
});
