// What only the Firebase provider has to prove (runs in the firebase-js and firebase-nojs
// projects, against the real Auth emulator): accounts live in Firebase, sessions follow what
// happens to them there, and a failed registration or Google sign-in leaves no account behind.
import { admin, newInviteKey } from '../support/admin';
import { emulatorAuth, firebaseAccount } from '../support/firebase-accounts';
import { currentServer } from '../support/servers';
import { freshMember, pngFile, register, registered, signIn, signInAtIssuer, reachStepTwo } from './accounts';
import { expect, IDENTITY, seededDb, test } from './fixtures';

const memberUid = (email: string) =>
  (
    seededDb().prepare('select identity_uid from users where email = ?').get(email) as {
      identity_uid: string;
    }
  ).identity_uid;

test(
  'registration makes the Firebase account; disabling it there signs the member out',
  IDENTITY,
  async ({ page }) => {
    const member = await register(page);
    const account = await firebaseAccount(member.email);
    expect(account?.uid).toBe(memberUid(member.email));

    await signIn(page, member);
    await expect(page).toHaveURL(/\/profile$/);
    await emulatorAuth().updateUser(account!.uid, { disabled: true });
    // The test server asks Firebase again every 2 s (IDENTITY_RECHECK_SECONDS; 300 by default).
    await page.waitForTimeout(2500);
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/login\?from=%2Fprofile$/);
    await signIn(page, member);
    await expect(page.getByRole('alert')).toHaveText('This account has been disabled.');
  },
);

test('revoking the account’s tokens in Firebase signs the member out', IDENTITY, async ({ page }) => {
  const member = await registered();
  await signIn(page, member);
  await expect(page).toHaveURL(/\/profile$/);
  // Firebase keeps the revocation time in whole seconds: revoke clearly after the sign-in.
  await page.waitForTimeout(1100);
  await emulatorAuth().revokeRefreshTokens(memberUid(member.email));
  await page.waitForTimeout(2500);
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login\?from=%2Fprofile$/);
  // Signing in again is a new session, after the revocation: it works.
  await signIn(page, member);
  await expect(page).toHaveURL(/\/profile$/);
});

test('a failure after the Firebase account was made leaves no account behind', IDENTITY, async ({ page }) => {
  const member = freshMember();
  const key = await newInviteKey();
  await reachStepTwo(page, member, key);
  await page.getByLabel('Bio').fill('Here for the wetlab.');
  await page.getByLabel('Avatar').setInputFiles(await pngFile('me.png', '#9333ea'));
  // The key is revoked between the steps, so the member record fails after Firebase said yes.
  await admin(currentServer(), 'invite', 'revoke', key);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('Error: This invite key has been revoked')).toBeVisible();
  expect(await firebaseAccount(member.email)).toBeNull();
  expect(seededDb().prepare('select id from users where email = ?').get(member.email)).toBeUndefined();
});

test('a Firebase account with no member behind it cannot sign in', IDENTITY, async ({ page }) => {
  const outsider = { email: `outsider.${Date.now()}@example.ie`, password: 'not-a-member-42' };
  await emulatorAuth().createUser(outsider);
  await signIn(page, outsider);
  await expect(page.getByRole('alert')).toHaveText('Account not found');
  await expect(page).toHaveURL(/\/login/);
});

test('Google sign-in goes through Firebase; a stranger’s account is not kept', IDENTITY, async ({ page }) => {
  const member = await registered();
  await page.goto('/login');
  await page.getByRole('link', { name: 'Sign in with Google' }).click();
  await signInAtIssuer(page, member.email);
  await expect(page).toHaveURL(/\/profile$/);
  const account = await firebaseAccount(member.email);
  expect(account?.providerData.map((p) => p.providerId)).toContain('google.com');

  // Google became a second way in: the password still works.
  await page.getByRole('button', { name: 'logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, member);
  await expect(page).toHaveURL(/\/profile$/);

  const stranger = `stranger.${Date.now()}@example.ie`;
  await page.getByRole('button', { name: 'logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.context().clearCookies(); // forget the issuer's own session too
  await page.reload();
  await page.getByRole('link', { name: 'Sign in with Google' }).click();
  await signInAtIssuer(page, stranger);
  await expect(page.getByRole('alert')).toHaveText('Account not found in our system. Please register first.');
  expect(await firebaseAccount(stranger)).toBeNull();
});
