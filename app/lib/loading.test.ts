import { expect, test } from 'vitest';
import { loadingText } from './loading';

test('loading texts per route (docs/product.md §2)', () => {
  expect(loadingText('/members')).toBe('Loading members...');
  expect(loadingText('/members/aoife')).toBe('Loading member profile...');
  expect(loadingText('/posts/aoife/a-post')).toBe('Loading post...');
  expect(loadingText('/portfolio')).toBe('Loading portfolio...');
  expect(loadingText('/portfolio/coastwatch')).toBe('Loading project...');
});
