import type { Page } from '@playwright/test';
import { register } from './accounts';
import { expect, test } from './fixtures';

/** Signs in at the local issuer's own login and consent pages (plain HTML forms). */
async function signInAtIssuer(page: Page, login: string) {
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('anything');
  await page.locator('button[type="submit"]').click();
  // Consent, the first time this account sees the client.
  const consent = page.locator('button[type="submit"]', { hasText: /continue|authorize|allow/i });
  if (await consent.isVisible().catch(() => false)) await consent.click();
}

test('a member signs in with Google and lands where they were going', async ({ page }) => {
  const member = await register(page);
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login\?from=%2Fprofile$/);
  await page.getByRole('link', { name: 'Sign in with Google' }).click();
  await signInAtIssuer(page, member.email);
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText(member.fullname, { exact: true })).toBeVisible();
});

test('an unknown e-mail is told to register first', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Sign in with Google' }).click();
  await signInAtIssuer(page, 'stranger@example.ie');
  await expect(page).toHaveURL(/\/login\?error=google-unknown$/);
  await expect(page.getByRole('alert')).toHaveText('Account not found in our system. Please register first.');
});

test('an unverified e-mail or a forged callback fails cleanly', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Sign in with Google' }).click();
  await signInAtIssuer(page, 'unverified.member@example.ie');
  await expect(page.getByRole('alert')).toHaveText('Google sign in failed. Please try again.');
  await page.goto('/auth/google/callback?code=forged&state=forged');
  await expect(page).toHaveURL(/\/login\?error=google-failed$/);
  await expect(page.getByRole('alert')).toHaveText('Google sign in failed. Please try again.');
});
