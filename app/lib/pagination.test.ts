import { expect, test } from 'vitest';
import { pageHref, pageOf, pageWindow, paginate, requestedPage } from './pagination';

test('a page number that is not one reads as 1', () => {
  for (const raw of [null, '', 'abc', '0', '-3', '2.5', '1e400', '99999999999999999999'])
    expect(requestedPage(raw), String(raw)).toBe(1);
  expect(requestedPage('7')).toBe(7);
});

test('past the end is the last page; no items is one empty page', () => {
  expect(pageOf(999, 50, 24)).toEqual({ page: 3, pages: 3, total: 50, offset: 48 });
  expect(pageOf(2, 48, 24)).toEqual({ page: 2, pages: 2, total: 48, offset: 24 });
  expect(pageOf(5, 0, 24)).toEqual({ page: 1, pages: 1, total: 0, offset: 0 });
  expect(paginate([1, 2, 3, 4, 5], 3, 2)).toEqual({ page: 3, pages: 3, total: 5, items: [5] });
});

test('the pager shows the ends and two either side, with gaps', () => {
  expect(pageWindow(1, 1)).toEqual([1]);
  expect(pageWindow(2, 4)).toEqual([1, 2, 3, 4]);
  expect(pageWindow(6, 42)).toEqual([1, 'gap', 4, 5, 6, 7, 8, 'gap', 42]);
  expect(pageWindow(42, 42)).toEqual([1, 'gap', 40, 41, 42]);
  expect(pageWindow(4, 42)).toEqual([1, 2, 3, 4, 5, 6, 'gap', 42]);
});

test('page addresses keep the search and leave page 1 bare', () => {
  expect(pageHref('/members', 1)).toBe('/members');
  expect(pageHref('/members', 3, { q: 'wet lab' })).toBe('/members?q=wet+lab&page=3');
  expect(pageHref('/members', 2, { q: '' })).toBe('/members?page=2');
});
