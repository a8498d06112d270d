import { expect, test } from 'vitest';
import { safeRedirectPath } from './redirects';

test.each([
  ['/posts/new?x=1', '/posts/new?x=1'],
  ['/members/ada#posts', '/members/ada#posts'],
  ['/a/./b/../c', '/a/c'],
  ['/%2f%2fevil.example', '/%2f%2fevil.example'],
  ['/%5c%5cevil.example', '/%5c%5cevil.example'],
  ['/?next=//evil.example', '/?next=//evil.example'],
])('from=%j stays on this site as %j', (from, expected) => {
  expect(safeRedirectPath(from, '/profile')).toBe(expected);
});

test.each([
  'https://evil.example',
  '//evil.example',
  '///evil.example',
  '/\\evil.example',
  '\\\\evil.example',
  'javascript:alert(1)',
  'evil.example',
  ' /\t/evil.example',
  '',
  null,
  undefined,
  // Normalised by the URL parser into //evil.example: the answer, not the input, must be checked.
  '/.//evil.example',
  '/././/evil.example/x',
  '/x/..//evil.example',
  '/x/y/../..//evil.example',
  '/%2e//evil.example',
  '/%2E//evil.example',
  '/%2e%2e//evil.example',
  '/x/%2e%2e//evil.example',
  '/.%2e//evil.example',
  // Tabs and newlines are dropped by the parser; backslashes are slashes in http URLs.
  '/\t/evil.example',
  '/\n/evil.example',
  '/\r\n/evil.example',
  '\t//evil.example',
  '/.\t//evil.example',
  '/./\\evil.example',
  '/\\/evil.example',
])('from=%j falls back', (from) => {
  expect(safeRedirectPath(from, '/profile')).toBe('/profile');
});
