import { admin, newInviteKey } from '../support/admin';
import { currentServer } from '../support/servers';
import { fillStepOne, freshMember, register, registered, signIn, reachStepTwo } from './accounts';
import { expect, IDENTITY, IDENTITY_AND_STORE, test } from './fixtures';

test('register -> sign in -> logout', IDENTITY_AND_STORE, async ({ page, expectAccessible }) => {
  const member = await register(page);
  // Arrives on /login with the e-mail filled in and the success message.
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(member.email);
  await expect(page.getByText('Registration Successful. Please sign in.')).toBeVisible();
  await expectAccessible();

  await page.getByLabel('Password', { exact: true }).fill(member.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText(member.fullname, { exact: true })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main', exact: true });
  await expect(nav.getByRole('link', { name: 'profile' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'join' })).toHaveCount(0);

  // The new member is in the directory with avatar and qualification (found by search: new members
  // join the last page).
  await page.goto(`/members?q=${member.username}`);
  const card = page.getByRole('article', { name: member.fullname.toUpperCase() });
  await expect(card.getByText('Electronics Engineer')).toBeVisible();
  await expect(card.locator('img.avatar')).toHaveAttribute('src', /^\/assets\/[0-9a-f]{32}/);

  await page
    .getByRole('navigation', { name: 'Main', exact: true })
    .getByRole('button', { name: 'logout' })
    .click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login\?from=%2Fprofile$/);
});

test('the guard sends visitors to /login and back to where they were going', async ({ page }) => {
  const member = await registered();
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login\?from=%2Fprofile$/);
  await page.getByLabel('Email', { exact: true }).fill(member.email);
  await page.getByLabel('Password', { exact: true }).fill(member.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/profile$/);
});

test('from= never leads off the site', async ({ page }) => {
  const member = await registered();
  for (const from of ['https://evil.example/', '//evil.example', '/\\evil.example', 'javascript:alert(1)']) {
    await page.context().clearCookies();
    await signIn(page, member, `/login?from=${encodeURIComponent(from)}`);
    await expect(page, from).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/profile$/);
  }
});

test(
  'wrong passwords say so, and 5 failures lock the account for a while',
  IDENTITY_AND_STORE,
  async ({ page, javaScript, baseURL }) => {
    const member = await registered();
    await signIn(page, { email: member.email, password: 'not-my-password' });
    await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(member.email);
    // The server never sends a password back (with JavaScript the browser keeps what was typed).
    if (!javaScript) await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');
    expect(await page.content()).not.toContain('not-my-password');
    await signIn(page, { email: 'nobody.here@example.ie', password: 'whatever-123' });
    await expect(page.getByRole('alert')).toHaveText('Invalid email or password');

    // Failures 2 to 5 go straight to the form's address, as a script guessing passwords would;
    // the next attempt goes through the page and is refused.
    for (let attempt = 0; attempt < 4; attempt++) {
      const response = await page.request.post('/login', {
        headers: { Origin: baseURL! },
        form: { email: member.email, password: `wrong-${attempt}` },
      });
      expect(await response.text()).toContain('Invalid email or password');
    }
    await signIn(page, { email: member.email, password: 'wrong-again' });
    await expect(page.getByRole('alert')).toHaveText(
      'Too many failed login attempts. Please try again later.',
    );
    // Even the right password is refused until the window passes.
    await signIn(page, member);
    await expect(page.getByRole('alert')).toHaveText(
      'Too many failed login attempts. Please try again later.',
    );
  },
);

test('docs/product.md §5 messages: sign-in', IDENTITY, async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();
  await expect(page.getByLabel('Email', { exact: true })).toHaveAttribute('aria-invalid', 'true');
});

test('docs/product.md §5 messages: registration step 1', async ({ page }) => {
  await page.goto('/register');
  await page.getByRole('button', { name: 'Continue' }).click();
  for (const message of [
    'Email is required',
    'Username is required',
    'Full name is required',
    'Password is required',
    'Invite key is required',
  ]) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  const cases: [string, string, string][] = [
    ['Email', 'not-an-email', 'Invalid email format'],
    ['Username', 'ab', 'Username must be at least 3 characters'],
    ['Username', 'has spaces', 'Username can only contain letters, numbers and underscores'],
    ['Username', 'Siobhán', 'Username can only contain letters, numbers and underscores'],
    ['Password', 'short', 'Password must be at least 8 characters'],
  ];
  for (const [label, value, message] of cases) {
    await page.goto('/register');
    await page.getByLabel(label, { exact: true }).fill(value);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText(message, { exact: true }), `${label}=${value}`).toBeVisible();
  }
  await page.goto('/register');
  await page.getByLabel('Password', { exact: true }).fill('long-enough-1');
  await page.getByLabel('Confirm password', { exact: true }).fill('different-1');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
});

test('taken e-mail and username are refused in any case; bad invite keys name the problem', async ({
  page,
  javaScript,
}) => {
  const existing = await registered();
  const taken = freshMember({
    email: existing.email.toUpperCase(),
    username: existing.username.toUpperCase(),
  });
  await page.goto('/register');
  await fillStepOne(page, taken, 'mk-forged-key-0000000');
  await page.getByRole('button', { name: 'Continue' }).click();
  const errors = page.locator('.field-errors');
  await expect(errors.getByText('Email is already registered')).toBeVisible();
  await expect(errors.getByText('Username is already taken')).toBeVisible();
  await expect(page.getByText('This invite key is not valid')).toBeVisible();
  // What was typed stays, except the passwords.
  await expect(page.getByLabel('Full name', { exact: true })).toHaveValue(taken.fullname);
  if (!javaScript) await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');
  expect(await page.content()).not.toContain(taken.password);

  const used = await newInviteKey();
  await registered(freshMember(), used);
  const revoked = await newInviteKey();
  await admin(currentServer(), 'invite', 'revoke', revoked);
  for (const [key, message] of [
    [used, 'This invite key has already been used'],
    [revoked, 'This invite key has been revoked'],
  ]) {
    await page.goto('/register');
    await fillStepOne(page, freshMember(), key);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText(message)).toBeVisible();
    await expect(page.getByLabel('Invite key', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  }
});

test('step 2: bio required, images checked, Back keeps step 1', async ({ page }) => {
  const member = freshMember();
  await page.goto('/register');
  await fillStepOne(page, member, await newInviteKey());
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('Please provide a short bio')).toBeVisible();
  await page.getByLabel('Bio').fill('Printing things.');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('Please choose an avatar image')).toBeVisible();
  // An HTML file named .png is refused by its bytes.
  await page.getByLabel('Avatar').setInputFiles({
    name: 'photo.png',
    mimeType: 'image/png',
    buffer: Buffer.from('<html>not a png</html>'),
  });
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('The file is not an image (JPEG, PNG, GIF or WebP).')).toBeVisible();
  await expect(page.getByLabel('Bio')).toHaveValue('Printing things.');

  await page.getByRole('link', { name: 'Back' }).click();
  await expect(page.getByRole('heading', { name: 'Register' })).toBeVisible();
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(member.email);
  await expect(page.getByLabel('Username', { exact: true })).toHaveValue(member.username);
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');
});

test("'Back' on step 2 with an empty bio returns to step 1 with what was typed", async ({ page }) => {
  const member = freshMember();
  const key = await newInviteKey();
  await reachStepTwo(page, member, key);
  await page.getByRole('link', { name: 'Back' }).click();
  await expect(page.getByRole('heading', { name: 'Register' })).toBeVisible();
  await expect(page.getByText('Please provide a short bio')).toHaveCount(0);
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(member.email);
  await expect(page.getByLabel('Username', { exact: true })).toHaveValue(member.username);
  await expect(page.getByLabel('Full name', { exact: true })).toHaveValue(member.fullname);
  await expect(page.getByLabel('Invite key', { exact: true })).toHaveValue(key);
});

test('qualification rows: add up to five, remove, one always stays', async ({ page }) => {
  await page.goto('/register');
  await fillStepOne(page, freshMember(), await newInviteKey());
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByLabel('Qualification 1', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove qualification 1' })).toHaveCount(0);
  for (let n = 2; n <= 5; n++) {
    await page.getByRole('button', { name: 'Add qualification' }).click();
    await expect(page.getByLabel(`Qualification ${n}`, { exact: true })).toBeVisible();
  }
  await expect(page.getByRole('button', { name: 'Add qualification' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Remove qualification 3' }).click();
  await expect(page.getByLabel('Qualification 5', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add qualification' })).toBeVisible();
});

// @js-only: the debounced availability check is an enhancement; without JavaScript the server checks on submit.
test('availability of e-mail and username is checked while typing @js-only', async ({ page }) => {
  const taken = await registered();
  await page.goto('/register');
  const asked = page.waitForRequest(/\/register\/availability(\.data)?\?email=/);
  await page.getByLabel('Email', { exact: true }).fill(taken.email.toUpperCase());
  await asked;
  await expect(page.locator('.field-status').getByText('Email is already registered')).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill(`free.${taken.email}`);
  await expect(page.getByText('Email available')).toBeVisible();
  await page.getByLabel('Username', { exact: true }).fill(taken.username);
  await expect(page.locator('.field-status').getByText('Username is already taken')).toBeVisible();
  await page.getByLabel('Username', { exact: true }).fill(`${taken.username}_2`);
  await expect(page.getByText('Username available')).toBeVisible();
});
