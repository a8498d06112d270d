// A body over its limit to every form (a 1 MB field in text forms, whose limits are 64 and 256 KB;
// a 30 MB file in upload forms): each answers 413 with that form's own message, in the page (JS on
// and off), and keeps nothing.
import type { Page, Response } from '@playwright/test';
import { newInviteKey } from '../support/admin';
import { waitForMail } from '../support/mail';
import { fillStepOne, freshMember, signedIn, reachStepTwo } from './accounts';
import { expect, hugeFilePath, seededDb, test } from './fixtures';

const PADDING = 1024 * 1024;
const TEXT_FORM = 'The form is too large.';

const isPost = (response: Response) => response.request().method() === 'POST';

/** Adds a 1 MB hidden field to the form of `button`, submits it and returns the answer. */
async function submitPadded(page: Page, button: string) {
  const submit = page.getByRole('button', { name: button, exact: true });
  await submit.evaluate((element, size) => {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = 'padding';
    input.value = 'x'.repeat(size);
    (element as HTMLButtonElement).form!.append(input);
  }, PADDING);
  const [response] = await Promise.all([page.waitForResponse(isPost), submit.click()]);
  return response;
}

/** Chooses a 30 MB file in `label`, submits with `button` and returns the answer. */
async function submitHugeFile(page: Page, label: string, button: string) {
  await page.getByLabel(label, { exact: true }).setInputFiles(hugeFilePath());
  const [response] = await Promise.all([
    page.waitForResponse(isPost),
    page.getByRole('button', { name: button, exact: true }).click(),
  ]);
  return response;
}

const count = (sql: string, ...params: unknown[]) =>
  (
    seededDb()
      .prepare(sql)
      .get(...params) as { n: number }
  ).n;

test('signed-out forms: sign-in, both password e-mails and registration step 1', async ({
  page,
  context,
}) => {
  test.slow(); // six refused submissions, one of them 30 MB
  const member = freshMember();
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(member.email);
  await page.getByLabel('Password', { exact: true }).fill(member.password);
  expect((await submitPadded(page, 'Sign In')).status()).toBe(413);
  await expect(page.getByRole('alert')).toHaveText(TEXT_FORM);

  for (const [path, button] of [
    ['/forgot-password', 'Send Reset Link'],
    ['/set-password', 'Send Link'],
  ]) {
    await page.goto(path);
    await page.getByLabel('Email', { exact: true }).fill('aoife.byrne@example.ie');
    expect((await submitPadded(page, button)).status(), path).toBe(413);
    await expect(page.getByRole('alert')).toHaveText(TEXT_FORM);
  }

  const inviteKey = await newInviteKey();
  await page.goto('/register');
  await fillStepOne(page, member, inviteKey);
  expect((await submitPadded(page, 'Continue')).status()).toBe(413);
  await expect(page.getByRole('alert')).toHaveText(TEXT_FORM);
  const cookies = (await context.cookies()).map((cookie) => cookie.name);
  expect(cookies).not.toContain('__session');
  expect(cookies).not.toContain('__register');

  // Registration step 2: a 30 MB avatar.
  await reachStepTwo(page, member, inviteKey);
  await page.getByLabel('Bio').fill('Kept after the refusal.');
  expect((await submitHugeFile(page, 'Avatar', 'Register')).status()).toBe(413);
  await expect(page.getByText('The image is larger than 5 MB.')).toBeVisible();
  await expect(page.getByLabel('Bio')).toHaveValue('Kept after the refusal.');
  expect(count('select count(*) as n from users where email = ?', member.email)).toBe(0);
});

test('member forms: profile, new post, edit post and the reset link', async ({ page }) => {
  test.slow(); // three 30 MB submissions and a refused reset
  const member = await signedIn(page);
  const usernames = () => count('select count(*) as n from users where username = ?', member.username);
  const title = (text: string) => `${text} ${member.username}`;

  await page.goto('/profile?edit');
  await page.getByLabel('Full name', { exact: true }).fill(title('Not Saved'));
  expect((await submitHugeFile(page, 'Avatar', 'Save Changes')).status()).toBe(413);
  await expect(page.getByText('The image is larger than 5 MB.')).toBeVisible();
  await expect(page.getByLabel('Full name', { exact: true })).toHaveValue(title('Not Saved'));
  expect(count('select count(*) as n from users where fullname = ?', title('Not Saved'))).toBe(0);
  expect(usernames()).toBe(1);

  await page.goto('/posts/new');
  await page.getByLabel('Title').fill(title('Too big to post'));
  expect((await submitHugeFile(page, 'Attachment', 'Create Post')).status()).toBe(413);
  await expect(page.getByText('The file is larger than 25 MB.')).toBeVisible();
  await expect(page.getByLabel('Title')).toHaveValue(title('Too big to post'));
  expect(count('select count(*) as n from posts where title = ?', title('Too big to post'))).toBe(0);

  await page.goto('/posts/new');
  await page.getByLabel('Title').fill(title('Small post'));
  await page.getByRole('button', { name: 'Create Post' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await page.getByRole('link', { name: `Edit ${title('Small post')}` }).click();
  await page.getByLabel('Title').fill('Renamed by a huge form');
  expect((await submitHugeFile(page, 'Attachment', 'Save Changes')).status()).toBe(413);
  await expect(page.getByText('The file is larger than 25 MB.')).toBeVisible();
  expect(count('select count(*) as n from posts where title = ?', title('Small post'))).toBe(1);

  // The reset form: refused, and its link still works afterwards (nothing was used up).
  await page.goto('/forgot-password');
  await page.getByLabel('Email', { exact: true }).fill(member.email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  const mail = await waitForMail(member.email, (m) => m.subject === 'Reset your password');
  await page.goto(mail.link!);
  await page.getByLabel('New password', { exact: true }).fill('a-brand-new-secret');
  await page.getByLabel('Confirm new password', { exact: true }).fill('a-brand-new-secret');
  expect((await submitPadded(page, 'Reset Password')).status()).toBe(413);
  await expect(page.getByRole('alert')).toHaveText(TEXT_FORM);
  await page.goto(mail.link!);
  await expect(page.getByRole('heading', { name: 'Reset Your Password' })).toBeVisible();
});
