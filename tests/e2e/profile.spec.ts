import { pngFile, signedIn } from './accounts';
import { expect, STORE, test } from './fixtures';

test(
  'edit the profile with a new avatar and banner and see them everywhere',
  STORE,
  async ({ page, expectAccessible }) => {
    const member = await signedIn(page);
    await expect(page.getByRole('heading', { name: 'Profile Details' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'My Posts' })).toBeVisible();
    await expectAccessible();
    await page.getByRole('link', { name: 'Edit Profile' }).click();
    await expect(page.getByLabel('Username', { exact: true })).toHaveValue(member.username);
    await expectAccessible();

    await page.getByLabel('Full name', { exact: true }).fill(`${member.fullname} Jr`);
    await page.getByLabel('Bio').fill('Now building a desktop pick-and-place machine.');
    await page.getByRole('button', { name: 'Add qualification' }).click();
    await page.getByLabel('Qualification 2', { exact: true }).fill('Certified Drone Pilot');
    await page.getByLabel('Avatar').setInputFiles(await pngFile('new-me.png', '#be123c', 400, 400));
    await page.getByLabel('Banner').setInputFiles(await pngFile('banner.png', '#0f766e', 1200, 300));
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page).toHaveURL(/\/profile\?updated=1$/);
    await expect(page.getByText('Profile updated successfully.')).toBeVisible();
    await expect(page.getByText('Now building a desktop pick-and-place machine.')).toBeVisible();

    await page.goto(`/members/${member.username.toLowerCase()}`);
    await expect(page.getByRole('heading', { name: `${member.fullname} Jr`, level: 1 })).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Qualifications' }).getByText('Certified Drone Pilot'),
    ).toBeVisible();
    const banner = page.locator('.profile-banner img');
    await expect(banner).toHaveAttribute('src', /^\/assets\/[0-9a-f]{32}/);
    const avatarSrc = (await page.locator('img.profile-avatar').getAttribute('src'))!;
    const avatar = await page.request.get(avatarSrc);
    expect(avatar.headers()['content-type']).toBe('image/webp');

    await page.goto(`/members?q=${encodeURIComponent(`${member.fullname} Jr`)}`);
    await expect(page.getByRole('article', { name: `${member.fullname} Jr`.toUpperCase() })).toBeVisible();
  },
);

test('profile edit: product messages, taken usernames in any case, cancel', async ({ page }) => {
  await signedIn(page);
  await page.goto('/profile?edit');
  await page.getByLabel('Username', { exact: true }).fill('');
  await page.getByLabel('Full name', { exact: true }).fill('');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Username is required')).toBeVisible();
  await expect(page.getByText('Full name is required')).toBeVisible();
  await page.getByLabel('Username', { exact: true }).fill('AOIFE_BYRNE');
  await page.getByLabel('Full name', { exact: true }).fill('Someone Else');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Username is already taken')).toBeVisible();
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('link', { name: 'Edit Profile' })).toBeVisible();
});

test('a renamed member keeps their old addresses, redirected for good', async ({ page, request }) => {
  const member = await signedIn(page);
  await page.goto('/posts/new');
  await page.getByLabel('Title').fill('Old name post');
  await page.getByRole('button', { name: 'Create Post' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  const newName = `${member.username}_x`;
  await page.goto('/profile?edit');
  await page.getByLabel('Username', { exact: true }).fill(newName);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Profile updated successfully.')).toBeVisible();

  const old = member.username.toLowerCase();
  const profile = await request.get(`/members/${old}`, { maxRedirects: 0 });
  expect(profile.status()).toBe(301);
  expect(profile.headers()['location']).toBe(`/members/${newName.toLowerCase()}`);
  const post = await request.get(`/posts/${old}/old-name-post`, { maxRedirects: 0 });
  expect(post.status()).toBe(301);
  expect(post.headers()['location']).toBe(`/posts/${newName.toLowerCase()}/old-name-post`);
  await page.goto(`/posts/${old}/old-name-post`);
  await expect(page.getByRole('heading', { name: 'Old name post', level: 1 })).toBeVisible();
});

test('profile bad input: six qualifications by hand, a cross-site POST, no session', async ({
  page,
  request,
  baseURL,
}) => {
  const member = await signedIn(page);
  const form = {
    username: member.username,
    fullname: 'Changed By Hand',
    bio: 'Changed by hand',
    ...Object.fromEntries(Array.from({ length: 6 }, (_, i) => [`qualifications[${i}]`, `Skill ${i + 1}`])),
  };
  const six = await page.request.post('/profile', { headers: { Origin: baseURL! }, multipart: form });
  expect(six.status()).toBe(400);
  expect(await six.text()).toContain('You can list at most 5 qualifications');
  // A form from another site, with the member's own cookie, is refused.
  const crossSite = await page.request.post('/profile', {
    headers: { Origin: baseURL!, 'Sec-Fetch-Site': 'cross-site' },
    multipart: form,
    maxRedirects: 0,
  });
  expect(crossSite.status()).toBe(403);
  // No session: sent to sign in.
  const anonymous = await request.post('/profile', {
    headers: { Origin: baseURL! },
    multipart: { username: 'ghost', fullname: 'Ghost' },
    maxRedirects: 0,
  });
  expect(anonymous.status()).toBe(302);
  expect(anonymous.headers()['location']).toMatch(/^\/login\?from=/);
  await page.goto(`/members/${member.username.toLowerCase()}`);
  await expect(page.getByText('Changed By Hand')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Qualifications' }).getByRole('listitem')).toHaveText([
    'Electronics Engineer',
  ]);
});
