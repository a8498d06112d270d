// The admin area (/admin): only admins see it; invites are created, handed out and revoked from
// the browser, and every change lands in the audit log. JavaScript on and off.
import { admin, adminOutput } from '../support/admin';
import { currentServer } from '../support/servers';
import { freshMember, register, signedIn, signedInAdmin } from './accounts';
import { expect, seededDb, test } from './fixtures';

const ADMIN_URLS = [
  '/admin',
  '/admin/invites',
  '/admin/members',
  '/admin/members?q=aoife',
  '/admin/members/aoife_byrne/delete',
  '/admin/projects',
  '/admin/projects/new',
  '/admin/log',
  '/admin/log?page=2',
  '/admin/nothing',
];

// Tests run side by side and all make invites: an invite is told apart by a note of its own.
const uniqueNote = (text: string) => `${text} ${crypto.randomUUID().slice(0, 8)}`;
const invites = () => adminOutput(currentServer(), 'invite', 'list');
const inviteIdByNote = (note: string) =>
  (seededDb().prepare('select id from invite_keys where note = ?').get(note) as { id: string }).id;
const auditEntries = (target: string) =>
  (
    seededDb().prepare('select action from audit_log where target = ? order by created_at').all(target) as {
      action: string;
    }[]
  ).map((row) => row.action);

test('a visitor and a member get the 404 page from every /admin URL, and an admin POST changes nothing', async ({
  page,
  baseURL,
}) => {
  for (const url of ADMIN_URLS) {
    const response = await page.goto(url);
    expect(response?.status(), url).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found');
  }
  await signedIn(page);
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'admin' }),
  ).toHaveCount(0);
  for (const url of ADMIN_URLS) {
    const response = await page.goto(url);
    expect(response?.status(), url).toBe(404);
  }
  const note = uniqueNote('sneaky');
  const forged = await page.request.post('/admin/invites', {
    headers: { Origin: baseURL! },
    form: { intent: 'create', uses: '5', note },
  });
  expect(forged.status()).toBe(404);
  const revoke = await page.request.post('/admin/invites', {
    headers: { Origin: baseURL! },
    form: { intent: 'revoke', id: crypto.randomUUID() },
  });
  expect(revoke.status()).toBe(404);
  expect(invites()).not.toContain(note);
  const deletion = await page.request.post('/admin/members/aoife_byrne/delete', {
    headers: { Origin: baseURL! },
  });
  expect(deletion.status()).toBe(404);
  expect((await page.request.get('/members/aoife_byrne')).status()).toBe(200);
});

test('an admin creates an invite, sees the key once with a link that fills in registration, and revokes it; the log has both', async ({
  page,
  browser,
  javaScript,
  expectAccessible,
}) => {
  const boss = await signedInAdmin(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'admin' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Admin');
  await page.getByRole('main').getByRole('link', { name: 'Invites' }).first().click();
  await expect(page).toHaveURL(/\/admin\/invites$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Invites');
  await expectAccessible();

  // Bad input: the server's message next to the field, what was typed kept, nothing created.
  const note = uniqueNote('Open evening');
  await page.getByLabel('Uses').fill('0');
  await page.getByLabel('Expires in days').fill('400');
  await page.getByLabel('Note').fill(note);
  await page.getByRole('button', { name: 'Create invite' }).click();
  await expect(page.getByLabel('Uses')).toHaveAccessibleDescription(/Uses must be from 1 to 100/);
  await expect(page.getByLabel('Expires in days')).toHaveAccessibleDescription(
    /Expiry must be from 1 to 365 days/,
  );
  await expect(page.getByLabel('Note')).toHaveValue(note);
  expect(invites()).not.toContain(note);

  await page.getByLabel('Uses').fill('2');
  await page.getByLabel('Expires in days').fill('7');
  await page.getByRole('button', { name: 'Create invite' }).click();
  const newKey = page.getByRole('region', { name: 'New invite key' });
  await expect(newKey).toBeVisible();
  const key = (await newKey.locator('code').textContent())!;
  expect(key).toMatch(/^mk-[\w-]{16}$/);
  const link = await page.getByLabel('Registration link (fills in the key)').inputValue();
  expect(link).toMatch(new RegExp(`/register\\?invite=${key}$`));
  expect(invites().split(note)).toHaveLength(2);
  const row = page.getByRole('row', { name: new RegExp(key.slice(0, 7)) });
  await expect(row).toContainText('Active');
  await expect(row).toContainText('2 of 2');
  await expect(row).toContainText(note);
  await expect(row).toContainText('nobody yet');
  await expectAccessible();

  // Shown once: the page again lists only the hint.
  await page.goto('/admin/invites');
  await expect(page.getByText(key)).toHaveCount(0);

  // A newcomer opens the link: the key is filled in, and they register with it.
  const context = await browser.newContext({ javaScriptEnabled: javaScript });
  const newcomerPage = await context.newPage();
  await newcomerPage.goto(link.replace(/^https?:\/\/[^/]+/, new URL(page.url()).origin));
  await expect(newcomerPage.getByLabel('Invite key', { exact: true })).toHaveValue(key);
  const newcomer = await register(newcomerPage, freshMember(), key);
  await context.close();

  await page.goto('/admin/invites');
  await expect(row).toContainText('1 of 2');
  await expect(row.getByRole('link', { name: `@${newcomer.username}` })).toBeVisible();
  await row.getByRole('button', { name: `Revoke ${key.slice(0, 7)}...` }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Invite key revoked.' })).toBeVisible();
  await expect(row).toContainText('Revoked');
  await expect(row.getByRole('button')).toHaveCount(0);

  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Audit log' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Audit log');
  // Other tests write the log at the same time: find the entries by what they say.
  const entry = (text: string) =>
    page.getByRole('region', { name: 'Audit log entries' }).getByRole('row').filter({ hasText: text });
  const revoked = entry(`revoked invite ${key.slice(0, 7)}...`);
  await expect(revoked).toContainText(`@${boss.username}`);
  const created = entry(`created invite ${key.slice(0, 7)}...`);
  await expect(created).toContainText(`@${boss.username}`);
  await expect(created).toContainText('2 uses, expires');
  await expect(created).toContainText(`note: ${note}`);
  await expect(entry(`gave the admin role to @${boss.username}`)).toContainText('admin CLI');
  await expectAccessible();
});

test('revoking a key that does not exist or is already revoked says so and changes nothing; cross-site posts are refused', async ({
  page,
  baseURL,
}) => {
  await signedInAdmin(page);
  const note = uniqueNote('revoke twice');
  const key = admin(currentServer(), 'invite', 'create', '--note', note);
  admin(currentServer(), 'invite', 'revoke', key);
  // An id that names no key, one that is not an id, and the revoked key's own (its row has no
  // revoke button, so the id comes from the database).
  const revokedId = inviteIdByNote(note);
  for (const forged of [crypto.randomUUID(), 'not-an-id', revokedId]) {
    const response = await page.request.post('/admin/invites', {
      headers: { Origin: baseURL! },
      form: { intent: 'revoke', id: forged },
    });
    expect(await response.text()).toContain('That invite key does not exist or is already revoked.');
  }
  // Still revoked once: one revoke entry in the log, by the CLI.
  expect(auditEntries(`invite ${key.slice(0, 7)}...`)).toEqual(['invite.create', 'invite.revoke']);
  // A cross-site form post is refused before it reaches the page.
  const crossSite = await page.request.post('/admin/invites', {
    headers: { Origin: 'https://evil.example' },
    form: { intent: 'create', uses: '1', note: `${note} cross-site` },
  });
  expect(crossSite.status()).toBe(403);
  expect(invites()).not.toContain(`${note} cross-site`);
});

test('an admin finds a member and deletes them after a step that names what goes; their pages and session end, the log says so', async ({
  page,
  browser,
  javaScript,
  expectAccessible,
}) => {
  // The member to delete, signed in elsewhere.
  const context = await browser.newContext({ javaScriptEnabled: javaScript });
  const theirPage = await context.newPage();
  const leaving = await signedIn(theirPage);
  const name = leaving.username.toLowerCase();

  const boss = await signedInAdmin(page);
  await page.goto('/admin/members');
  await page.getByRole('search').getByLabel('Search members').fill(leaving.username);
  await page.getByRole('search').getByRole('button', { name: 'Search' }).click();
  const rows = page.getByRole('region', { name: 'Members' }).getByRole('row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText(leaving.email);
  await expectAccessible();
  await rows
    .nth(1)
    .getByRole('link', { name: `Delete @${leaving.username}` })
    .click();

  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Delete @${leaving.username}?`);
  const list = page.locator('.narrow-card').getByRole('listitem');
  await expect(list).toHaveText([
    `the profile of ${leaving.fullname}`,
    '0 posts',
    '1 uploaded file',
    '1 signed-in session',
    'their sign-in account',
  ]);
  await expectAccessible();
  await page.getByRole('button', { name: 'Delete member' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Deleted @${leaving.username}.` })).toBeVisible();

  expect((await page.request.get(`/members/${name}`)).status()).toBe(404);
  await theirPage.goto('/profile');
  await expect(theirPage).toHaveURL(/\/login\?from=%2Fprofile$/);
  await context.close();
  await page.goto('/admin/log');
  await expect(
    page
      .getByRole('region', { name: 'Audit log entries' })
      .getByRole('row')
      .filter({ hasText: `deleted the member @${leaving.username}` }),
  ).toContainText(`@${boss.username}`);
  // Admins delete their own account from their profile, not here.
  expect((await page.request.get(`/admin/members/${boss.username.toLowerCase()}/delete`)).status()).toBe(404);
});
