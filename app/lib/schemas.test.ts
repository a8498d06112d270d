import { parseWithZod } from '@conform-to/zod';
import { expect, test } from 'vitest';
import { passwordStrength } from './password';
import { safeRedirectPath } from './redirects';
import {
  EmailRequestSchema,
  LoginSchema,
  ProjectFormSchema,
  RegisterStep1Schema,
  RegisterStep2Schema,
  ResetPasswordSchema,
} from './schemas';

function errors(
  schema: Parameters<typeof parseWithZod>[1]['schema'],
  fields: Record<string, string | string[]>,
) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields))
    for (const item of [value].flat()) form.append(key, item);
  const submission = parseWithZod(form, { schema });
  return submission.status === 'error' ? submission.error : {};
}

const validStep1 = {
  email: 'ada@example.ie',
  username: 'ada_l',
  fullname: 'Ada Lovelace',
  password: 'engine-notes',
  confirmPassword: 'engine-notes',
  inviteKey: 'mk-key',
};

test.each([
  [LoginSchema, {}, { email: ['Email is required'], password: ['Password is required'] }],
  [EmailRequestSchema, {}, { email: ['Email is required'] }],
  [EmailRequestSchema, { email: 'nope' }, { email: ['Please enter a valid email address'] }],
  [ResetPasswordSchema, {}, { password: ['Password is required'] }],
  [
    ResetPasswordSchema,
    { password: 'short', confirmPassword: 'short' },
    { password: ['Password must be at least 8 characters'] },
  ],
  [
    ResetPasswordSchema,
    { password: 'long-enough', confirmPassword: 'different' },
    { confirmPassword: ['Passwords do not match'] },
  ],
  [RegisterStep1Schema, { ...validStep1, email: '' }, { email: ['Email is required'] }],
  [RegisterStep1Schema, { ...validStep1, email: 'ada' }, { email: ['Invalid email format'] }],
  [RegisterStep1Schema, { ...validStep1, username: '' }, { username: ['Username is required'] }],
  [
    RegisterStep1Schema,
    { ...validStep1, username: 'ab' },
    { username: ['Username must be at least 3 characters'] },
  ],
  [
    RegisterStep1Schema,
    { ...validStep1, username: 'a b c' },
    { username: ['Username can only contain letters, numbers and underscores'] },
  ],
  [
    RegisterStep1Schema,
    { ...validStep1, username: 'ñandú' },
    { username: ['Username can only contain letters, numbers and underscores'] },
  ],
  [RegisterStep1Schema, { ...validStep1, username: 'edit' }, { username: ['Username is already taken'] }],
  [RegisterStep1Schema, { ...validStep1, fullname: '  ' }, { fullname: ['Full name is required'] }],
  [RegisterStep1Schema, { ...validStep1, inviteKey: '' }, { inviteKey: ['Invite key is required'] }],
  [
    RegisterStep1Schema,
    { ...validStep1, confirmPassword: 'nope' },
    { confirmPassword: ['Passwords do not match'] },
  ],
  [RegisterStep2Schema, { bio: '' }, { bio: ['Please provide a short bio'] }],
  [RegisterStep2Schema, { bio: 'x'.repeat(2001) }, { bio: ['Bio must be at most 2000 characters'] }],
  [
    RegisterStep2Schema,
    { bio: 'ok', qualifications: ['1', '2', '3', '4', '5', '6'] },
    { qualifications: ['You can list at most 5 qualifications'] },
  ],
])('docs/product.md §5 message %#', (schema, fields, expected) => {
  expect(errors(schema, fields as Record<string, string>)).toEqual(expected);
});

test('valid forms pass; blank qualifications are dropped and e-mail lower-cased', () => {
  expect(errors(RegisterStep1Schema, { ...validStep1, email: 'Ada@Example.IE' })).toEqual({});
  const form = new FormData();
  form.append('bio', 'Hello');
  for (const q of ['PhD', '', '  ', 'MEng']) form.append('qualifications', q);
  const submission = parseWithZod(form, { schema: RegisterStep2Schema });
  expect(submission.status === 'success' && submission.value.qualifications).toEqual(['PhD', 'MEng']);
});

test('from= only ever leads to a path on this site', () => {
  expect(safeRedirectPath('/posts/new?x=1', '/profile')).toBe('/posts/new?x=1');
  for (const evil of [
    'https://evil.example',
    '//evil.example',
    '/\\evil.example',
    'javascript:alert(1)',
    '',
    null,
  ]) {
    expect(safeRedirectPath(evil, '/profile')).toBe('/profile');
  }
});

test('strength bar: red under 8, orange under 12, green from 12', () => {
  expect(passwordStrength('1234567').level).toBe('weak');
  expect(passwordStrength('12345678').level).toBe('fair');
  expect(passwordStrength('12345678901').level).toBe('fair');
  expect(passwordStrength('123456789012').level).toBe('strong');
});

// A project's website is rendered in href: only http and https may be saved (a javascript: or
// data: address would run when clicked; the CSP is a second line, not the first).
test.each([
  'javascript:alert(document.cookie)',
  ' JavaScript:alert(1)',
  'java\tscript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  'ftp://files.example.com/',
])('a project website must be http or https: %j', (url) => {
  expect(errors(ProjectFormSchema, { name: 'Kelp', url })).toEqual({
    url: ['Website must start with http:// or https://'],
  });
});

test('a project website may be http, https or empty; text that is no address says so', () => {
  for (const url of ['https://example.com', 'http://kelp.example.ie/about?x=1', ''])
    expect(errors(ProjectFormSchema, { name: 'Kelp', url })).toEqual({});
  expect(errors(ProjectFormSchema, { name: 'Kelp', url: 'example.com' })).toEqual({
    url: ['Website must be a full address, like https://example.com'],
  });
});
