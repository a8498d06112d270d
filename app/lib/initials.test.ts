import { expect, test } from 'vitest';
import { avatarColour, initials, initialsSvg } from './initials';

test('initials: first and last word, upper case; ? for no name', () => {
  expect(initials('Aoife Byrne')).toBe('AB');
  expect(initials('Tomás de la Cruz Kelly')).toBe('TK');
  expect(initials('niamh')).toBe('N');
  expect(initials('  ')).toBe('?');
});

/** WCAG 2 contrast ratio of a #rrggbb colour against white. */
function contrastWithWhite(hex: string) {
  const channel = (offset: number) => {
    const value = parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  return 1.05 / (luminance + 0.05);
}

test('the avatar colour: the same for a name every time, spread over names, white text readable', () => {
  expect(avatarColour('Aoife Byrne')).toBe(avatarColour('Aoife Byrne'));
  const colours = new Set(Array.from({ length: 200 }, (_, index) => avatarColour(`Member ${index}`)));
  expect(colours.size).toBeGreaterThanOrEqual(6);
  for (const colour of colours) {
    expect(colour).toMatch(/^#[0-9a-f]{6}$/);
    expect(contrastWithWhite(colour), colour).toBeGreaterThanOrEqual(4.5);
  }
  // One character apart, usually another colour: neighbours in the directory are told apart.
  const differing = ['Aoife Byrne', 'Aoife Byrnf', 'Aoife Byrng', 'Aoife Byrnh'].map(avatarColour);
  expect(new Set(differing).size).toBeGreaterThan(1);
});

test('the avatar SVG escapes the name and uses the colour', () => {
  const svg = initialsSvg('<script>alert(1)</script>');
  expect(svg).not.toContain('<script>');
  expect(svg).toContain('&#60;script&#62;');
  expect(initialsSvg('Aoife Byrne')).toContain(`fill="${avatarColour('Aoife Byrne')}"`);
});
