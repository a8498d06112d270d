import { expect, test } from 'vitest';
import { slugify, uniqueSlug } from './slug';

test('slugs', () => {
  expect(slugify('Carbon-fibre drone frame, version 3!')).toBe('carbon-fibre-drone-frame-version-3');
  expect(slugify('Siobhán’s café')).toBe('siobhan-s-cafe');
  expect(slugify('!!!')).toBe('post');
  expect(uniqueSlug('a', new Set(['a', 'a-2']))).toBe('a-3');
  expect(uniqueSlug('b', new Set(['a']))).toBe('b');
});
