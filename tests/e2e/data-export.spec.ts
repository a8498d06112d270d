// 'Download my data': one ZIP with exactly the member's profile, posts and files. JavaScript on and off.
import { unzipSync, strFromU8 } from 'fflate';
import fs from 'node:fs';
import { addDays, labDayOf, labTime } from '../../app/lib/bookings/time';
import { fixtureBooking, fixtureResource } from '../support/admin';
import { signedIn } from './accounts';
import { expect, test, HTTP } from './fixtures';

test("a member downloads exactly their own profile, posts and files, and nobody else's", async ({
  page,
  browser,
  javaScript,
}) => {
  // Another member with a post and a file of their own, made just before: none of it may leak in.
  const context = await browser.newContext({ javaScriptEnabled: javaScript });
  const otherPage = await context.newPage();
  const other = await signedIn(otherPage);
  const otherTitle = `Lathe tooling list ${other.username}`;
  const otherFile = `Secret feeds and speeds of ${other.username}\n`;
  await otherPage.goto('/posts/new');
  await otherPage.getByLabel('Title').fill(otherTitle);
  await otherPage.getByLabel('Content').fill('Only mine.');
  await otherPage.getByLabel('Attachment').setInputFiles({
    name: `tooling-${other.username}.txt`,
    mimeType: 'text/plain',
    buffer: Buffer.from(otherFile),
  });
  await otherPage.getByRole('button', { name: 'Create Post' }).click();
  await expect(otherPage).toHaveURL(/\/profile$/);
  await context.close();

  const member = await signedIn(page);
  const lathe = await fixtureResource({ name: 'Export lathe' });
  const start = labTime(addDays(labDayOf(new Date()), 2), 600).toISOString();
  await fixtureBooking(member.username, lathe.slug, start, 60);
  const notes = `Torque settings for the CNC spindle ${Date.now()}\n`;
  await page.goto('/posts/new');
  await page.getByLabel('Title').fill('Spindle notes');
  await page.getByLabel('Content').fill('See the attached settings.');
  await page
    .getByLabel('Attachment')
    .setInputFiles({ name: 'spindle.txt', mimeType: 'text/plain', buffer: Buffer.from(notes) });
  await page.getByRole('button', { name: 'Create Post' }).click();
  await expect(page).toHaveURL(/\/profile$/);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('region', { name: 'Your data' }).getByRole('link', { name: 'Download my data' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(
    new RegExp(`^makerspace-${member.username.toLowerCase()}-\\d{4}-\\d{2}-\\d{2}\\.zip$`),
  );
  const entries = unzipSync(new Uint8Array(fs.readFileSync((await download.path())!)));
  expect(Object.keys(entries).sort()).toEqual([
    'README.txt',
    'bookings.json',
    'credits.json',
    'files/avatar/me.png',
    'files/posts/spindle-notes/spindle.txt',
    'posts.json',
    'profile.json',
  ]);
  const booked = JSON.parse(strFromU8(entries['bookings.json']));
  expect(booked.bookings).toEqual([
    expect.objectContaining({ resource: 'Export lathe', start, status: 'active' }),
  ]);
  const profile = JSON.parse(strFromU8(entries['profile.json']));
  expect(profile).toMatchObject({
    username: member.username,
    fullname: member.fullname,
    email: member.email,
    qualifications: ['Electronics Engineer'],
    avatar: 'files/avatar/me.png',
    banner: null,
    projects: [],
    hidden_from_directory: false,
    removed_posts: [],
  });
  const posts = JSON.parse(strFromU8(entries['posts.json']));
  expect(posts).toEqual([
    expect.objectContaining({
      title: 'Spindle notes',
      content: 'See the attached settings.',
      attachment: 'files/posts/spindle-notes/spindle.txt',
      url: expect.stringMatching(new RegExp(`/posts/${member.username.toLowerCase()}/spindle-notes$`)),
    }),
  ]);
  expect(strFromU8(entries['files/posts/spindle-notes/spindle.txt'])).toBe(notes);
  // The avatar as the site keeps it: a PNG.
  expect([...entries['files/avatar/me.png'].slice(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
  // No other member's data: the demo members and their posts appear nowhere.
  const everything = Object.values(entries)
    .map((bytes) => strFromU8(bytes, true))
    .join('\n');
  for (const text of [
    'Aoife Byrne',
    'aoife_byrne',
    'Carbon-fibre drone frame',
    other.username,
    other.fullname,
    other.email,
    otherTitle,
    otherFile.trim(),
    `tooling-${other.username}`,
  ])
    expect(everything).not.toContain(text);
  expect(Object.keys(entries).join('\n')).not.toContain(other.username);
  // Not even as bytes under another name: no entry is the other member's file.
  for (const bytes of Object.values(entries)) expect(strFromU8(bytes, true)).not.toBe(otherFile);
});

test('a visitor asking for the archive is sent to sign in', HTTP, async ({ page }) => {
  const response = await page.request.get('/profile/data.zip', { maxRedirects: 0 });
  expect(response.status()).toBe(302);
  expect(response.headers().location).toBe('/login?from=%2Fprofile%2Fdata.zip');
});
