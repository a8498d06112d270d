import { expect, test } from 'vitest';
import { assetSrcSet, assetUrl, fallbackLocation, variantWidths } from './images';
import { avatarColour, initials, initialsSvg } from './initials';
import { loadingText } from './loading';
import { slugify, uniqueSlug } from './slug';

test('loading texts per route (docs/product.md §2)', () => {
  expect(loadingText('/members')).toBe('Loading members...');
  expect(loadingText('/members/aoife')).toBe('Loading member profile...');
  expect(loadingText('/posts/aoife/a-post')).toBe('Loading post...');
  expect(loadingText('/portfolio')).toBe('Loading portfolio...');
  expect(loadingText('/portfolio/coastwatch')).toBe('Loading project...');
});

test('initials and the avatar SVG', () => {
  expect(initials('Aoife Byrne')).toBe('AB');
  expect(initials('Tomás de la Cruz Kelly')).toBe('TK');
  expect(initials('niamh')).toBe('N');
  expect(initials('  ')).toBe('?');
  expect(avatarColour('Aoife Byrne')).toBe(avatarColour('Aoife Byrne'));
  const svg = initialsSvg('<script>alert(1)</script>');
  expect(svg).not.toContain('<script>');
  expect(svg).toContain('&#60;script&#62;');
});

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

test('slugs', () => {
  expect(slugify('Carbon-fibre drone frame, version 3!')).toBe('carbon-fibre-drone-frame-version-3');
  expect(slugify('Siobhán’s café')).toBe('siobhan-s-cafe');
  expect(slugify('!!!')).toBe('post');
  expect(uniqueSlug('a', new Set(['a', 'a-2']))).toBe('a-3');
  expect(uniqueSlug('b', new Set(['a']))).toBe('b');
});
