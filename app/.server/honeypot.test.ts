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
  expect(isSpam(form({ ...person, [validFromFieldName!]: 'forged' }))).toBe(true);
});
