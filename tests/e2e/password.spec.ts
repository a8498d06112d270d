import { journeyInviteKey } from '../support/admin';
import { waitForMail } from '../support/mail';
import { baseUrl, currentServer } from '../support/servers';
import { freshMember, register, registered, signIn } from './accounts';
import { expect, IDENTITY, IDENTITY_AND_STORE, test } from './fixtures';

test(
  'forgot -> e-mail -> reset -> new password works, old one and the link do not',
  IDENTITY_AND_STORE,
  async ({ page, browser, expectAccessible }) => {
    const member = await registered();
    // A session elsewhere that the reset must end.
    const elsewhere = await browser.newContext();
    const other = await elsewhere.newPage();
    await signIn(other, member, `${baseUrl(currentServer())}/login`);
    await expect(other).toHaveURL(/\/profile$/);

    await page.goto('/forgot-password');
    await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
    await page.getByLabel('Email', { exact: true }).fill(member.email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page.getByRole('heading', { name: 'Password Reset Email Sent' })).toBeVisible();
    await expect(page.getByText('Check your spam folder.', { exact: false })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Return to Login' })).toBeVisible();

    const mail = await waitForMail(member.email, (m) => m.subject === 'Reset your password');
    expect(mail.link).toMatch(new RegExp(`^${baseUrl(currentServer())}/reset-password\\?oobCode=[\\w-]+$`));
    const resetPage = await page.goto(mail.link!);
    // The code leaves the address at once (history, Referer, access logs), kept in a cookie.
    await expect(page).toHaveURL(`${baseUrl(currentServer())}/reset-password`);
    expect(resetPage?.headers()['referrer-policy']).toBe('same-origin');
    await expect(page.getByRole('heading', { name: 'Reset Your Password' })).toBeVisible();
    await expectAccessible();

    await page.getByLabel('New password', { exact: true }).fill('short');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
    await page.getByLabel('New password', { exact: true }).fill('a-brand-new-secret');
    await page.getByLabel('Confirm new password', { exact: true }).fill('not-the-same-one');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByText('Passwords do not match')).toBeVisible();
    await page.getByLabel('New password', { exact: true }).fill('a-brand-new-secret');
    await page.getByLabel('Confirm new password', { exact: true }).fill('a-brand-new-secret');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByRole('heading', { name: 'Password Reset Successfully' })).toBeVisible();
    await expect(page).toHaveURL(/\/login\?.*notice=password-reset/, { timeout: 10_000 });
    await expect(
      page.getByText('Password Reset Successfully. Please sign in with your new password.'),
    ).toBeVisible();
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(member.email);

    // The other browser was signed out by the reset.
    await other.goto(`${baseUrl(currentServer())}/profile`);
    await expect(other).toHaveURL(/\/login\?from=%2Fprofile$/);
    await elsewhere.close();

    await signIn(page, member);
    await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
    await signIn(page, { email: member.email, password: 'a-brand-new-secret' });
    await expect(page).toHaveURL(/\/profile$/);

    // The link was used up.
    await page.goto(mail.link!);
    await expect(page.getByRole('heading', { name: 'Invalid or Expired Link' })).toBeVisible();
    await expect(
      page.getByText('This password reset link is invalid or has expired. Please request a new one.'),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Request New Reset Link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  },
);

test(
  'a reset form posted to the link’s own address ends on the success view, not the invalid one',
  { tag: ['@http', '@identity'] },
  async ({ page }) => {
    // A page rendered at /reset-password?oobCode=… (opened before the code moved to a cookie, or
    // kept in a tab) posts its form there; after the reset its address still holds the used code.
    const member = await registered();
    await page.request.post('/forgot-password', { form: { email: member.email } });
    const mail = await waitForMail(member.email, (m) => m.subject === 'Reset your password');
    const reset = await page.request.post(mail.link!, {
      form: { password: 'posted-to-the-link', confirmPassword: 'posted-to-the-link' },
    });
    const html = await reset.text();
    expect(html).toContain('Password Reset Successfully');
    expect(html).not.toContain('Invalid or Expired Link');
    // The success view's address holds neither the code nor the member's e-mail.
    expect(reset.url()).not.toContain('oobCode');
    expect(reset.url()).not.toContain(encodeURIComponent(member.email));
    // Reloading it a moment later still says so; the old link is used up.
    expect(await (await page.request.get(reset.url())).text()).toContain('Password Reset Successfully');
    expect(await (await page.request.get(mail.link!)).text()).toContain('Invalid or Expired Link');
    await signIn(page, { email: member.email, password: 'posted-to-the-link' });
    await expect(page).toHaveURL(/\/profile$/);
  },
);

test(
  'reset links that are missing or bogus show the invalid view',
  IDENTITY,
  async ({ page, expectAccessible }) => {
    await page.goto('/reset-password');
    await expect(page.getByRole('heading', { name: 'Invalid or Expired Link' })).toBeVisible();
    await expect(page.getByText('Invalid password reset link. Please request a new one.')).toBeVisible();
    await expectAccessible();
    await page.goto('/reset-password?oobCode=bogus');
    await expect(
      page.getByText('This password reset link is invalid or has expired. Please request a new one.'),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Return to Login' })).toHaveAttribute('href', '/login');
  },
);

test('docs/product.md §5 messages: forgot and set-password requests', IDENTITY, async ({ page }) => {
  for (const path of ['/forgot-password', '/set-password']) {
    await page.goto(path);
    await page.getByRole('button', { name: /Send/ }).click();
    await expect(page.getByText('Email is required')).toBeVisible();
    await page.getByLabel('Email', { exact: true }).fill('not-an-address');
    await page.getByRole('button', { name: /Send/ }).click();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    await page.getByLabel('Email', { exact: true }).fill('nobody.at.all@example.ie');
    await page.getByRole('button', { name: /Send/ }).click();
    await expect(page.getByRole('alert')).toHaveText('Email not found in our system.');
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue('nobody.at.all@example.ie');
  }
});

test(
  'a demo member without a password sets one with a set-password link',
  IDENTITY,
  async ({ page, javaScript }) => {
    // One demo member per project, so the two runs never take each other's link.
    const [email, name] = javaScript
      ? ['kofi.mensah@demo.makerspace.ie', 'Kofi Mensah']
      : ['siobhan.murphy@demo.makerspace.ie', 'Siobhán Murphy'];
    await page.goto('/set-password');
    await expect(page.getByRole('heading', { name: 'Set Your Password' })).toBeVisible();
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Send Link' }).click();
    await expect(page.getByRole('heading', { name: 'Email Sent' })).toBeVisible();
    const mail = await waitForMail(email, (m) => m.subject === 'Set your password');
    // The page says how long the link lasts, as the mail does: seven days from the built-in
    // provider for a member without a password, an hour from Firebase.
    const lasts = /works once, for (seven days|one hour)/.exec(mail.text)?.[1];
    expect(lasts).toBeDefined();
    await expect(page.getByText(`It works once, for ${lasts}.`)).toBeVisible();
    await page.goto(mail.link!);
    await page.getByLabel('New password', { exact: true }).fill('kofi-solders-daily');
    await page.getByLabel('Confirm new password', { exact: true }).fill('kofi-solders-daily');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByRole('heading', { name: 'Password Reset Successfully' })).toBeVisible();
    await signIn(page, { email, password: 'kofi-solders-daily' });
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByText(name, { exact: true })).toBeVisible();
    // With a password now, a set-password link lasts an hour, and the page says so.
    await page.goto('/set-password');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Send Link' }).click();
    await expect(page.getByText('It works once, for one hour.')).toBeVisible();
  },
);

test.describe('when the mail server is down', () => {
  test.use({ baseURL: baseUrl('nomail') });

  test('the request says so and keeps the e-mail', async ({ page }) => {
    const member = await register(page, freshMember(), await journeyInviteKey('nomail'));
    await page.goto('/forgot-password');
    await page.getByLabel('Email', { exact: true }).fill(member.email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page.getByRole('alert')).toHaveText('Failed to send reset email. Please try again.');
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(member.email);
  });
});
