// The printed check-in code (docs/product.md §10 'Check-in'): scannable, and readable without a scanner.
import { expect, test } from 'vitest';
import { checkInQr } from './qr';

const MODULE = 10;

test('the code has a quiet zone of 4 modules and its address printed under it', () => {
  const svg = checkInQr({ slug: 'markforged-mark-two', name: 'Markforged <Mark Two>' });
  const [width, height] = /^<svg [^>]*viewBox="0 0 (\d+) (\d+)"/.exec(svg)!.slice(1).map(Number);
  const [, shift, code] = /<g transform="translate\(([\d.]+) 0\)">(.*?)<\/g>/s.exec(svg)!;
  const background = /<rect fill="white" width="(\d+)"/.exec(code)!;
  const size = Number(background[1]);
  const modules = [...code.matchAll(/M(\d+),(\d+)h/g)].map((m) => [Number(m[1]), Number(m[2])]);
  const xs = modules.map(([x]) => x);
  const ys = modules.map(([, y]) => y);
  // The dark modules start 4 modules in from the code's white square, on every side.
  expect(Math.min(...xs)).toBe(4 * MODULE);
  expect(Math.min(...ys)).toBe(4 * MODULE);
  expect(size - (Math.max(...xs) + MODULE)).toBe(4 * MODULE);
  expect(size - (Math.max(...ys) + MODULE)).toBe(4 * MODULE);
  // Centred on a white page that holds the code and the two lines under it.
  expect(Number(shift)).toBe((width - size) / 2);
  expect(svg).toContain(`<rect fill="white" width="${width}" height="${height}"/>`);
  const texts = [...svg.matchAll(/<text [^>]*y="(\d+)"[^>]*font-size="(\d+)">([^<]*)<\/text>/g)];
  expect(texts.map((t) => t[3])).toEqual([
    'Check in: Markforged &#60;Mark Two&#62;',
    'http://localhost:3000/resources/markforged-mark-two/here',
  ]);
  for (const [, y] of texts) {
    expect(Number(y)).toBeGreaterThan(size);
    expect(Number(y)).toBeLessThan(height);
  }
  // Legible in print: the address at no less than 16/10 of a module, and it fits across the page.
  const address = texts[1]!;
  expect(Number(address[2])).toBeGreaterThanOrEqual(16);
  expect(address[3].length * Number(address[2]) * 0.6).toBeLessThanOrEqual(width);
});
