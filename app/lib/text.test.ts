import { describe, expect, test } from 'vitest';
import {
  bioLimit,
  cardDescription,
  cardName,
  cut,
  firstName,
  hasContent,
  metaDescription,
  postTitle,
  sharingDescription,
  shortBio,
} from './text';

const text = (n: number) => 'x'.repeat(n);

describe('bio (docs/product.md §5: 150 with posts, 300 without)', () => {
  test('limit depends on posts', () => {
    expect(bioLimit(0)).toBe(300);
    expect(bioLimit(1)).toBe(150);
    expect(bioLimit(6)).toBe(150);
  });
  test('a bio at the limit is shown whole', () => {
    expect(shortBio(text(150), 2)).toEqual({ text: text(150), isCut: false });
    expect(shortBio(text(300), 0)).toEqual({ text: text(300), isCut: false });
  });
  test('a longer bio is cut with a read more', () => {
    expect(shortBio(text(151), 2)).toEqual({ text: text(150) + '...', isCut: true });
    expect(shortBio(text(301), 0)).toEqual({ text: text(300) + '...', isCut: true });
    expect(shortBio(text(200), 0).isCut).toBe(false);
  });
});

test('project card description: 150 characters plus ...', () => {
  expect(cardDescription(text(150))).toBe(text(150));
  expect(cardDescription(text(151))).toBe(text(150) + '...');
});

test('meta description: 157 plus ... when over 160', () => {
  expect(metaDescription(text(160))).toBe(text(160));
  expect(metaDescription(text(161))).toBe(text(157) + '...');
  expect(metaDescription(text(161))).toHaveLength(160);
  expect(metaDescription('two\n\nlines')).toBe('two lines');
});

test('sharing description: 137 plus an ellipsis when over 140', () => {
  expect(sharingDescription(text(140))).toBe(text(140));
  expect(sharingDescription(text(141))).toBe(text(137) + '...');
});

test('cut trims a trailing space before the suffix', () => {
  expect(cut('abcd efgh', 5, '...', 5)).toBe('abcd...');
});

test('names, titles and content', () => {
  expect(cardName("Cian O'Connor")).toBe("CIAN O'CONNOR");
  expect(firstName('Niamh Walsh', 'niamh')).toBe('Niamh');
  expect(firstName('   ', 'niamh')).toBe('niamh');
  expect(postTitle('  ')).toBe('Untitled Post');
  expect(postTitle('Hello')).toBe('Hello');
  expect(hasContent('  \n ')).toBe(false);
  expect(hasContent(' x ')).toBe(true);
  expect(hasContent(null)).toBe(false);
});
