import { expect, test } from 'vitest';
import { honeypot, isSpam } from './honeypot';

const form = (fields: Record<string, string>) => {
  const formData = new FormData();
  for (const [name, value] of Object.entries(fields)) formData.append(name, value);
  return formData;
};

test('a form with the honeypot left empty passes; a filled, missing or forged one does not', () => {
  const { nameFieldName, validFromFieldName, encryptedValidFrom } = honeypot.getInputProps();
  const person = { email: 'a@b.ie', [nameFieldName]: '', [validFromFieldName!]: encryptedValidFrom };
  expect(isSpam(form(person))).toBe(false);
  expect(isSpam(form({ ...person, [nameFieldName]: 'bot' }))).toBe(true);
  expect(isSpam(form({ email: 'a@b.ie' }))).toBe(true);
  // Whatever a forger sends is refused, never an error: many random ciphertexts (with the
  // "Salted__" header crypto-js expects) do not even decrypt to text.
  const forgeries = [
    'forged',
    ...Array.from(
      { length: 40 },
      (_, i) => `U2FsdGVkX1${Buffer.from(`salt${i}`.padEnd(30, String(i))).toString('base64')}`,
    ),
  ];
  for (const forged of forgeries)
    expect(isSpam(form({ ...person, [validFromFieldName!]: forged }))).toBe(true);
});
