import { expect, test } from 'vitest';
import { assetSrcSet, assetUrl, fallbackLocation, variantWidths } from './images';

test('image addresses, variants and server-side fallbacks', () => {
  expect(variantWidths(400)).toEqual([96, 170, 340, 400]);
  expect(variantWidths(4000)).toEqual([96, 170, 340, 640, 960, 1280, 1920]);
  expect(assetUrl('abc')).toBe('/assets/abc');
  expect(assetUrl('abc', 170, { initials: 'Ada L' })).toBe('/assets/abc?w=170&initials=Ada+L');
  expect(assetSrcSet('abc', 170)).toBe('/assets/abc?w=170 1x, /assets/abc?w=340 2x');
  expect(fallbackLocation(new URLSearchParams('initials=Ada+L'))).toBe('/avatar.svg?name=Ada%20L');
  expect(fallbackLocation(new URLSearchParams('fallback=project'))).toBe('/project-placeholder.svg');
  expect(fallbackLocation(new URLSearchParams('fallback=banner'))).toBe('/lab-header.jpg');
  expect(fallbackLocation(new URLSearchParams('fallback=https://evil.example'))).toBeNull();
});
