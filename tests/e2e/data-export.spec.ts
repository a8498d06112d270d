// 'Download my data': one ZIP with exactly the member's profile, posts and files. JavaScript on and off.
import { unzipSync, strFromU8 } from 'fflate';
import fs from 'node:fs';
import { signedIn } from './accounts';
import { expect, test } from './fixtures';

test("a member downloads exactly their own profile, posts and files, and nobody else's", async ({ page }) => {
  const member = await signedIn(page);
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
    'files/avatar/me.png',
    'files/posts/spindle-notes/spindle.txt',
    'posts.json',
    'profile.json',
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
  for (const other of ['Aoife Byrne', 'aoife_byrne', 'Carbon-fibre drone frame'])
    expect(everything).not.toContain(other);
});

test('a visitor asking for the archive is sent to sign in', async ({ page }) => {
  const response = await page.request.get('/profile/data.zip', { maxRedirects: 0 });
  expect(response.status()).toBe(302);
  expect(response.headers().location).toBe('/login?from=%2Fprofile%2Fdata.zip');
});
