// The admin area (/admin): only admins see it; invites are created, handed out and revoked from
// the browser, and every change lands in the audit log. JavaScript on and off.
import { admin, adminOutput } from '../support/admin';
import { currentServer } from '../support/servers';
import { freshMember, pngFile, register, registered, signedIn, signedInAdmin } from './accounts';
import { assetStored, expect, expectCrossSiteRefused, listings, seededDb, test, HTTP } from './fixtures';

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

/** The seeded rows the forged posts aim at, as they are now: whatever a forged post did would show here. */
function adminTargets(ids: { inviteId: string; postId: string; projectId: string; disabled: string }) {
  const db = seededDb();
  return {
    invite: db.prepare('select revoked_at, uses_left from invite_keys where id = ?').get(ids.inviteId),
    aoife: db.prepare("select id, disabled_at from users where username_key = 'aoife_byrne'").get(),
    disabled: db.prepare('select disabled_at from users where username_key = ?').get(ids.disabled),
    post: db.prepare('select * from posts where id = ?').get(ids.postId),
    project: db.prepare('select * from projects where id = ?').get(ids.projectId),
    team: db
      .prepare('select * from project_members where project_id = ? order by position')
      .all(ids.projectId),
  };
}

test('a visitor and a member get the 404 page from every /admin URL, and every admin POST changes nothing', async ({
  page,
  baseURL,
}) => {
  test.slow(); // two registrations, then every admin URL and form twice
  const db = seededDb();
  const { id: postId } = db
    .prepare(
      "select posts.id from posts join users on users.id = posts.user_id where users.username_key = 'aoife_byrne' limit 1",
    )
    .get() as { id: string };
  const { id: projectId } = db.prepare("select id from projects where slug = 'coastwatch'").get() as {
    id: string;
  };
  // Real ids: a guard that only held for unknown ones would still fail here.
  const urls = [
    ...ADMIN_URLS,
    `/admin/posts/${postId}/remove`,
    `/admin/projects/${projectId}/edit`,
    `/admin/projects/${projectId}/delete`,
  ];
  // An active invite to revoke, and a member whose sign-in is off to switch back on.
  const inviteNote = uniqueNote('not yours to revoke');
  await admin(currentServer(), 'invite', 'create', '--note', inviteNote);
  const disabled = (await registered()).username.toLowerCase();
  expect(await admin(currentServer(), 'member', 'disable', disabled)).toContain('disabled');
  const ids = { inviteId: inviteIdByNote(inviteNote), postId, projectId, disabled };
  const before = adminTargets(ids);
  expect(before.disabled).toEqual({ disabled_at: expect.any(String) });

  const note = uniqueNote('sneaky');
  const name = `Sneaky ${crypto.randomUUID().slice(0, 6)}`;
  const forgedPosts: [string, { form?: Record<string, string>; multipart?: Record<string, string> }][] = [
    ['/admin/invites', { form: { intent: 'create', uses: '5', note } }],
    ['/admin/invites', { form: { intent: 'revoke', id: ids.inviteId } }],
    ['/admin/members?index', { form: { intent: 'disable', username: 'aoife_byrne' } }],
    ['/admin/members?index', { form: { intent: 'enable', username: disabled } }],
    ['/admin/members/aoife_byrne/delete', {}],
    [`/admin/posts/${postId}/remove`, { form: { reason: 'forged' } }],
    ['/admin/projects/new', { multipart: { name } }],
    [`/admin/projects/${projectId}/edit`, { multipart: { name, description: 'Forged.' } }],
    [`/admin/projects/${projectId}/delete`, {}],
  ];
  const tryEverything = async (who: string) => {
    for (const url of urls) {
      // A visitor sees the page itself; for the member the answer's status is enough.
      if (who === 'visitor') {
        const response = await page.goto(url);
        expect(response?.status(), `${who} GET ${url}`).toBe(404);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found');
      } else expect((await page.request.get(url)).status(), `${who} GET ${url}`).toBe(404);
    }
    for (const [url, body] of forgedPosts) {
      const response = await page.request.post(url, {
        headers: { Origin: baseURL! },
        ...body,
        maxRedirects: 0,
      });
      expect(response.status(), `${who} POST ${url} ${JSON.stringify(body)}`).toBe(404);
    }
  };

  await tryEverything('visitor');
  await signedIn(page);
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'admin' }),
  ).toHaveCount(0);
  await tryEverything('member');

  expect(adminTargets(ids)).toEqual(before);
  expect(await invites()).not.toContain(note);
  expect(seededDb().prepare('select count(*) as n from projects where name = ?').get(name)).toEqual({ n: 0 });
  expect((await page.request.get('/members/aoife_byrne')).status()).toBe(200);
});

test('an admin creates an invite, sees the key once with a link that fills in registration, and revokes it; the log has both', async ({
  page,
  browser,
  javaScript,
  expectAccessible,
}) => {
  test.slow(); // two registrations and four axe checks
  const boss = await signedInAdmin(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'admin' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Admin');
  await expectAccessible();
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
  expect(await invites()).not.toContain(note);

  await page.getByLabel('Uses').fill('2');
  await page.getByLabel('Expires in days').fill('7');
  await page.getByRole('button', { name: 'Create invite' }).click();
  const newKey = page.getByRole('region', { name: 'New invite key' });
  await expect(newKey).toBeVisible();
  const key = (await newKey.locator('code').textContent())!;
  expect(key).toMatch(/^mk-[\w-]{16}$/);
  const link = await page.getByLabel('Registration link (fills in the key)').inputValue();
  expect(link).toMatch(new RegExp(`/register\\?invite=${key}$`));
  expect((await invites()).split(note)).toHaveLength(2);
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

test(
  'revoking a key that does not exist or is already revoked says so and changes nothing; cross-site posts are refused',
  HTTP,
  async ({ page, baseURL }) => {
    await signedInAdmin(page);
    const note = uniqueNote('revoke twice');
    const key = await admin(currentServer(), 'invite', 'create', '--note', note);
    await admin(currentServer(), 'invite', 'revoke', key);
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
    await expectCrossSiteRefused(page.request, '/admin/invites', {
      form: { intent: 'create', uses: '1', note: `${note} cross-site` },
    });
    expect(await invites()).not.toContain(`${note} cross-site`);
  },
);

test('an admin finds a member and deletes them after a step that names what goes; their pages, files, listings and session end, the log says so', async ({
  page,
  browser,
  javaScript,
  expectAccessible,
}) => {
  test.slow(); // two registrations, an upload and every page of the member checked twice
  // The member to delete, signed in elsewhere, with an avatar and a post with an attachment.
  const context = await browser.newContext({ javaScriptEnabled: javaScript });
  const theirPage = await context.newPage();
  const leaving = await signedIn(theirPage);
  const name = leaving.username.toLowerCase();
  const title = `Jig plans from ${leaving.username}`;
  await theirPage.goto('/posts/new');
  await theirPage.getByLabel('Title').fill(title);
  await theirPage.getByLabel('Content').fill('Plans attached.');
  await theirPage.getByLabel('Attachment').setInputFiles(await pngFile('jig.png', '#16a34a'));
  await theirPage.getByRole('button', { name: 'Create Post' }).click();
  await expect(theirPage).toHaveURL(/\/profile$/);
  const own = seededDb()
    .prepare(
      'select users.avatar_id, posts.file_id, posts.slug from users join posts on posts.user_id = users.id where users.username_key = ?',
    )
    .get(name) as { avatar_id: string; file_id: string; slug: string };
  const theirUrls = [
    `/members/${name}`,
    `/members/${name}/posts.atom`,
    `/posts/${name}/${own.slug}`,
    `/assets/${own.avatar_id}`,
    `/assets/${own.file_id}`,
  ];
  const statuses = () =>
    Promise.all(theirUrls.map((url) => page.request.get(url).then((response) => response.status())));
  expect(await statuses()).toEqual(theirUrls.map(() => 200));
  expect(await assetStored(own.avatar_id)).toBe(true);
  expect(await assetStored(own.file_id)).toBe(true);
  expect(await listings(page.request, name, title)).toEqual({ members: true, sitemap: true, feed: true });

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
    '1 post',
    '2 uploaded files',
    '1 signed-in session',
    'their sign-in account',
  ]);
  await expectAccessible();
  // The same deletion from another site: refused, everything still there.
  await expectCrossSiteRefused(page.request, `/admin/members/${name}/delete`);
  expect(await statuses()).toEqual(theirUrls.map(() => 200));
  await page.getByRole('button', { name: 'Delete member' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Deleted @${leaving.username}.` })).toBeVisible();

  expect(await statuses()).toEqual(theirUrls.map(() => 404));
  expect(await assetStored(own.avatar_id)).toBe(false);
  expect(await assetStored(own.file_id)).toBe(false);
  expect(await listings(page.request, name, title)).toEqual({ members: false, sitemap: false, feed: false });
  expect(seededDb().prepare('select count(*) as n from users where username_key = ?').get(name)).toEqual({
    n: 0,
  });
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

test('a member who renamed themselves and is then deleted: the old address is gone too, not sent on to nowhere', async ({
  page,
  browser,
  javaScript,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: javaScript });
  const theirPage = await context.newPage();
  const member = await signedIn(theirPage);
  const oldName = member.username.toLowerCase();
  const newName = `${oldName}_r`;
  await theirPage.goto('/profile?edit');
  await theirPage.getByLabel('Username', { exact: true }).fill(newName);
  await theirPage.getByRole('button', { name: 'Save Changes' }).click();
  await expect(theirPage.getByText('Profile updated successfully.')).toBeVisible();
  await context.close();
  const moved = await page.request.get(`/members/${oldName}`, { maxRedirects: 0 });
  expect(moved.status()).toBe(301);
  expect(moved.headers()['location']).toBe(`/members/${newName}`);

  await signedInAdmin(page);
  await page.goto(`/admin/members/${newName}/delete`);
  await page.getByRole('button', { name: 'Delete member' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Deleted @${newName}.` })).toBeVisible();
  for (const name of [oldName, newName]) {
    const gone = await page.request.get(`/members/${name}`, { maxRedirects: 0 });
    expect(gone.status(), name).toBe(404);
  }
});

test(
  'as an admin: unknown names and ids find nothing, cross-site posts and posts to the log change nothing',
  HTTP,
  async ({ page, baseURL }) => {
    const target = (await registered()).username.toLowerCase();
    await signedInAdmin(page);
    // Every admin page shows members' data: no cache keeps it, not even the browser's disk, and
    // neither the data a navigation with JavaScript fetches.
    for (const url of ['invites', 'members', 'bookings', 'inductions', 'strikes', 'jobs', 'log'].flatMap(
      (section) => [`/admin/${section}`, `/admin/${section}.data`],
    )) {
      const answer = await page.request.get(url);
      expect(answer.status(), url).toBe(200);
      expect(answer.headers()['cache-control'], url).toBe('private, no-store');
    }
    const db = seededDb();
    const { id: projectId } = db.prepare("select id from projects where slug = 'coastwatch'").get() as {
      id: string;
    };
    const state = () => ({
      target: db.prepare('select id, disabled_at from users where username_key = ?').get(target),
      project: db.prepare('select * from projects where id = ?').get(projectId),
      team: db.prepare('select * from project_members where project_id = ? order by position').all(projectId),
    });
    const before = state();
    const post = (url: string, form: Record<string, string> = {}) =>
      page.request.post(url, { headers: { Origin: baseURL! }, form, maxRedirects: 0 });

    // Forged names and ids: the 404 page, or the form's own message.
    const ghost = 'nobody_by_that_name';
    expect((await page.request.get(`/admin/members/${ghost}/delete`)).status()).toBe(404);
    expect((await post(`/admin/members/${ghost}/delete`)).status()).toBe(404);
    for (const id of ['ffffffffffff', crypto.randomUUID(), 'not-a-post'])
      expect((await page.request.get(`/admin/posts/${id}/remove`)).status(), id).toBe(404);
    for (const intent of ['disable', 'enable']) {
      const response = await post('/admin/members?index', { intent, username: ghost });
      expect(await response.text(), intent).toContain('That member does not exist.');
    }
    expect(auditEntries(`@${ghost}`)).toEqual([]);

    // From another site: every admin form is refused before it runs.
    await expectCrossSiteRefused(page.request, '/admin/members?index', {
      form: { intent: 'disable', username: target },
    });
    await expectCrossSiteRefused(page.request, `/admin/members/${target}/delete`);
    await expectCrossSiteRefused(page.request, `/admin/projects/${projectId}/edit`, {
      multipart: { name: 'Cross-site rename', description: 'From elsewhere.' },
    });
    await expectCrossSiteRefused(page.request, `/admin/projects/${projectId}/delete`);
    expect(state()).toEqual(before);
    expect(await admin(currentServer(), 'member', 'disable', target)).toContain('now disabled');
    const disabled = state();
    await expectCrossSiteRefused(page.request, '/admin/members?index', {
      form: { intent: 'enable', username: target },
    });
    expect(state()).toEqual(disabled);
    expect(auditEntries(`@${target}`)).toEqual(['member.disable']);

    // The log is read-only: a POST to it is refused, and no entry changes.
    const entries = () => db.prepare('select rowid, * from audit_log order by rowid').all();
    const logBefore = entries();
    const logPost = await post('/admin/log', { action: 'member.delete', target: `@${target}` });
    expect([404, 405]).toContain(logPost.status());
    expect(entries().slice(0, logBefore.length)).toEqual(logBefore);
    expect(auditEntries(`@${target}`)).toEqual(['member.disable']);
  },
);
