import { expect, test } from 'vitest';
import { normalEmail } from './email';

test('an address compares in any case, spaces around ignored', () => {
  expect(normalEmail('  Ana.Lee@Example.IE \n')).toBe('ana.lee@example.ie');
  expect(normalEmail('ana@example.ie')).toBe('ana@example.ie');
  // Inside the address nothing changes: a space there is the schema's to refuse.
  expect(normalEmail('A na@x.ie')).toBe('a na@x.ie');
});
