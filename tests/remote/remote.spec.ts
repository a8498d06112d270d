// Site B in front of site A (docs/api.md "Running the site in front of an existing backend"): B
// has API_URL = A's /api and its own DATA_DIR for sessions only; A holds the data. Every journey
// runs with JavaScript on and off (projects api-js, api-nojs), and checks A through its /api.
import path from 'node:path';
import Database from 'better-sqlite3';
import type { APIRequestContext, Page } from '@playwright/test';
import { emulatorAuth } from '../support/firebase-accounts';
import { fixtureResource, newInviteKey } from '../support/admin';
import { waitForMail } from '../support/mail';
import { baseUrl, dataDir } from '../support/servers';
import { freshMember, pngFile, register, signIn, type NewMember } from '../e2e/accounts';
import { expect, test } from '../e2e/fixtures';

const A = `${baseUrl('firebase')}/api`;
const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

/** A member's posts as A has them. */
async function postsAtA(request: APIRequestContext, username: string) {
  const response = await request.post(`${A}/page/posts/get_by_user`, { data: { username } });
  return (await response.json()).posts as {
    id: string;
    title: string;
    file: { name: string } | null;
  }[];
}

async function memberOnB(page: Page): Promise<NewMember> {
  const member = freshMember();
  // Invite keys live with the data, on A.
  await register(page, member, await newInviteKey('firebase'));
  await signIn(page, member);
  await expect(page).toHaveURL(/\/profile$/);
  return member;
}

test("every public page shows A's data, images streamed through B", async ({
  page,
  request,
  expectAccessible,
}) => {
  // Members may register on other workers meanwhile: B's first page holds A's first 24 (B pages
  // A's whole list itself), between A's counts before and after.
  const countAtA = async () =>
    (await (await request.get(`${A}/page/generic/get_members`)).json()).results.length;
  const before = await countAtA();
  await page.goto('/members');
  const cards = await page.getByRole('article').count();
  expect(cards).toBeGreaterThanOrEqual(Math.min(before, 24));
  expect(cards).toBeLessThanOrEqual(Math.min(await countAtA(), 24));
  await expect(page.getByRole('article', { name: 'AOIFE BYRNE' })).toBeVisible();
  await expectAccessible();

  await page.goto('/members/aoife_byrne');
  await expect(page.getByRole('heading', { name: 'Aoife Byrne', level: 1 })).toBeVisible();
  const avatar = await page.locator('img[src^="/assets/"]').first().getAttribute('src');
  const image = await page.request.get(avatar!);
  expect(image.status()).toBe(200);
  expect(image.headers()['content-type']).toMatch(/^image\//);
  const again = await page.request.get(avatar!, { headers: { 'If-None-Match': image.headers()['etag'] } });
  expect(again.status()).toBe(304);

  await page.goto('/posts/aoife_byrne/carbon-fibre-drone-frame-v3');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/drone frame/i);
  await page.goto('/portfolio');
  await expect(page.getByRole('region', { name: 'All Projects' }).getByRole('article')).toHaveCount(5);
  await expect(page.getByRole('article', { name: 'CoastWatch' }).first()).toBeVisible();
  await page.goto('/portfolio/open-quadruped');
  await expect(page.getByRole('heading', { name: 'Open Quadruped', level: 1 })).toBeVisible();
  await expect(page.getByText('FEATURED PROJECT', { exact: true })).toBeVisible();
  await page.goto('/');
  await expect(page.locator('main')).toBeVisible();
});

test('register, sign in, write a post with a file, replace and remove it, delete it; edit the profile', async ({
  page,
  request,
  javaScript,
}) => {
  const member = await memberOnB(page);
  const username = member.username;
  // The member exists at A, made by A's signup call with the new account's ID token.
  const taken = await request.get(`${A}/auth/username/validate/${username}`);
  expect((await taken.json()).count).toBe(1);

  await page.goto('/posts/new');
  await page.getByLabel('Title').fill('Solder station');
  await page.getByLabel('Content').fill('Hakko clone, calibrated.');
  await page
    .getByLabel('Attachment')
    .setInputFiles({ name: 'station.pdf', mimeType: 'application/pdf', buffer: pdf });
  await page.getByRole('button', { name: 'Create Post' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  let [post] = await postsAtA(request, username);
  expect(post).toMatchObject({ title: 'Solder station', file: { name: 'station.pdf' } });
  await page.goto(`/posts/${username.toLowerCase()}/solder-station`);
  const download = await page.request.get(
    (await page.getByRole('link', { name: 'Download' }).getAttribute('href'))!,
  );
  expect(Buffer.from(await download.body()).equals(pdf)).toBe(true);

  await page.goto('/profile');
  await page.getByRole('link', { name: 'Edit Solder station' }).click();
  await page.getByLabel('Title').fill('Solder station v2');
  await page.getByLabel('Attachment').setInputFiles(await pngFile('tip.png', '#b45309'));
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  [post] = await postsAtA(request, username);
  expect(post).toMatchObject({ title: 'Solder station v2', file: { name: 'tip.png' } });

  await page.getByRole('link', { name: 'Edit Solder station v2' }).click();
  if (javaScript) await page.getByRole('button', { name: 'Remove File' }).click();
  else await page.getByLabel('Remove File').check();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  [post] = await postsAtA(request, username);
  expect(post.file).toBeNull();

  if (javaScript) page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('link', { name: 'Delete Solder station v2' }).click();
  if (!javaScript) await page.getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('link', { name: 'Solder station v2', exact: true })).toHaveCount(0);
  expect(await postsAtA(request, username)).toEqual([]);

  await page.getByRole('link', { name: 'Edit Profile' }).click();
  await page.getByLabel('Full name', { exact: true }).fill(`${member.fullname} Jr`);
  await page.getByLabel('Avatar').setInputFiles(await pngFile('new.png', '#7c3aed'));
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Profile updated successfully.')).toBeVisible();
  const results = (await (await request.get(`${A}/page/generic/get_members`)).json()).results as {
    username: string;
    fullname: string;
    avatar: { id: string };
  }[];
  const atA = results.find((candidate) => candidate.username === username)!;
  expect(atA.fullname).toBe(`${member.fullname} Jr`);
  const avatar = await page.request.get(`/assets/${atA.avatar.id}`);
  expect(avatar.headers()['content-type']).toBe('image/png');
});

test("another member's post cannot be changed; bookings live in B's own store", async ({ page, request }) => {
  await memberOnB(page);
  const [theirs] = await postsAtA(request, 'aoife_byrne');
  await page.goto(`/posts/edit/${theirs.id}`);
  await expect(page.getByText('Failed to load post. Please try again.')).toBeVisible();
  const forged = await page.request.post(`/posts/edit/${theirs.id}`, {
    multipart: { title: 'Hijacked', content: 'x' },
  });
  expect(forged.status()).toBe(404);
  const [after] = await postsAtA(request, 'aoife_byrne');
  expect(after.title).toBe(theirs.title);

  // A has no booking calls: the resource is B's own, and so is the booking, made for B's copy of
  // the member (docs/api.md §6).
  const { slug } = await fixtureResource({ name: `Remote printer ${Date.now()}` }, 'remote');
  await page.goto(`/resources/${slug}`);
  const slot = page.getByRole('link', { name: /^\d\d:\d\d Free$/ }).nth(4);
  const time = (await slot.textContent())!.slice(0, 5);
  await slot.click();
  await expect(page.getByRole('heading', { name: 'Confirm booking', level: 1 })).toBeVisible();
  await page.getByLabel('Note (optional)').fill('Through site B');
  await page.getByRole('button', { name: 'Confirm booking' }).click();
  await expect(page).toHaveURL(/\/bookings/);
  await expect(page.getByText('Booking confirmed.')).toBeVisible();
  const booking = page
    .getByRole('region', { name: 'Upcoming' })
    .getByRole('listitem')
    .filter({ hasText: 'Through site B' });
  await expect(booking).toContainText(time);
  await page.goto(`/resources/${slug}`);
  await expect(page.getByText(new RegExp(`^${time}–\\d\\d:\\d\\d Your booking$`))).toBeVisible();
});

test('forgot password: the mail, the reset and the new password, all through B', async ({ page }) => {
  const member = freshMember();
  await register(page, member, await newInviteKey('firebase'));
  await page.goto('/forgot-password');
  await page.getByLabel('Email', { exact: true }).fill(member.email);
  await page.getByRole('button', { name: /send/i }).click();
  const mail = await waitForMail(member.email, (received) => Boolean(received.link?.includes('oobCode')));
  expect(mail.link).toContain(baseUrl('remote'));
  await page.goto(mail.link!);
  await page.getByLabel('New password', { exact: true }).fill('a-brand-new-secret');
  await page.getByLabel('Confirm new password', { exact: true }).fill('a-brand-new-secret');
  await page.getByRole('button', { name: /reset password/i }).click();
  await expect(page).toHaveURL(/\/login\?/, { timeout: 10_000 });
  await signIn(page, { email: member.email, password: 'a-brand-new-secret' });
  await expect(page).toHaveURL(/\/profile$/);
});

test('the session renews the backend token before it expires; a refused renewal signs out', async ({
  page,
}) => {
  const member = await memberOnB(page);
  const db = new Database(path.join(dataDir('remote'), 'makerspace.sqlite'));
  const session = () =>
    db
      .prepare(
        'select sessions.id, id_token_expires_at, refresh_token from sessions join users on users.id = sessions.user_id where users.email = ?',
      )
      .get(member.email) as {
      id: string;
      id_token: string;
      id_token_expires_at: string;
      refresh_token: string;
    };
  const before = session();
  // The refresh token is kept sealed, never as Firebase issued it.
  expect(before.refresh_token).not.toContain('.');
  expect(before.refresh_token.length).toBeGreaterThan(40);
  const soon = () =>
    db
      .prepare('update sessions set id_token_expires_at = ? where id = ?')
      .run(new Date(Date.now() + 60_000).toISOString(), before.id);

  soon();
  await page.goto('/posts/new');
  await page.getByLabel('Title').fill('Written with a renewed token');
  await page.getByRole('button', { name: 'Create Post' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  // Renewed: an hour again (the emulator's token may read the same within the second it was made).
  expect(Date.parse(session().id_token_expires_at) - Date.now()).toBeGreaterThan(50 * 60_000);
  expect((await postsAtA(page.request, member.username)).map((post) => post.title)).toEqual([
    'Written with a renewed token',
  ]);

  // Firebase refuses to renew a disabled account's token: the session ends.
  const { uid } = await emulatorAuth().getUserByEmail(member.email);
  await emulatorAuth().updateUser(uid, { disabled: true });
  soon();
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login/);
  expect(db.prepare('select count(*) as n from sessions where id = ?').get(before.id)).toEqual({ n: 0 });
  db.close();
});
