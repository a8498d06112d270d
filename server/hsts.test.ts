import { expect, test } from 'vitest';
import { strictTransportSecurity } from './hsts';

test('a site whose public address is https tells browsers to use nothing else for a year', () => {
  expect(strictTransportSecurity('https://makerspace.ie')).toBe('max-age=31536000');
  expect(strictTransportSecurity(' https://makerspace.ie/ ')).toBe('max-age=31536000');
});

test.each([
  ['no PUBLIC_URL (a local run)', undefined],
  ['plain http', 'http://makerspace.ie'],
  ['a blank value', '  '],
  ['something that is not a URL', 'makerspace.ie'],
])('none for %s: a browser would be locked out of a site without TLS', (_name, publicUrl) => {
  expect(strictTransportSecurity(publicUrl)).toBeNull();
});
