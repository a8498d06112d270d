import { registered, signInAtIssuer } from './accounts';
import { expect, IDENTITY, test } from './fixtures';

test('a member signs in with Google and lands where they were going', IDENTITY, async ({ page }) => {
  const member = await registered();
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login\?from=%2Fprofile$/);
  await page.getByRole('link', { name: 'Sign in with Google' }).click();
  await signInAtIssuer(page, member.email);
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText(member.fullname, { exact: true })).toBeVisible();
});

test('an unknown e-mail is told to register first', IDENTITY, async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Sign in with Google' }).click();
  await signInAtIssuer(page, 'stranger@example.ie');
  await expect(page).toHaveURL(/\/login\?error=google-unknown$/);
  await expect(page.getByRole('alert')).toHaveText('Account not found in our system. Please register first.');
});

test('an unverified e-mail or a forged callback fails cleanly', IDENTITY, async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Sign in with Google' }).click();
  await signInAtIssuer(page, 'unverified.member@example.ie');
  await expect(page.getByRole('alert')).toHaveText('Google sign in failed. Please try again.');
  await page.goto('/auth/google/callback?code=forged&state=forged');
  await expect(page).toHaveURL(/\/login\?error=google-failed$/);
  await expect(page.getByRole('alert')).toHaveText('Google sign in failed. Please try again.');
});
