import { expect, test } from 'vitest';
import { inBody } from './html';

test('scripts written after </html> move to the end of <body>', () => {
  expect(inBody('<html><body><p>hi</p></body></html><script>x()</script>')).toBe(
    '<html><body><p>hi</p><script>x()</script></body></html>',
  );
});

test('a document with nothing after </html>, or without a body end, is unchanged', () => {
  expect(inBody('<html><body></body></html>')).toBe('<html><body></body></html>');
  expect(inBody('<p>fragment</p>')).toBe('<p>fragment</p>');
});
