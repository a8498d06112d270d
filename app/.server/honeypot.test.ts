import { expect, test } from 'vitest';
import { honeypot, isSpam } from './honeypot';

/** The honeypot's own encryption of `text`, as a forger who found the secret could make. */
const encryptedAs = (text: string) =>
  (honeypot as unknown as { encrypt: (value: string) => string }).encrypt(text);

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

test('a forged timestamp that decrypts to blanks or a small number is refused', () => {
  // What a random ciphertext decrypts to now and then (Number(' ') is 0).
  const { nameFieldName, validFromFieldName } = honeypot.getInputProps();
  for (const time of [' ', '\t', '0', '5', '1e3'])
    expect(isSpam(form({ [nameFieldName]: '', [validFromFieldName!]: encryptedAs(time) }))).toBe(true);
});
