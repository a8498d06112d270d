// 'Delete my account': a confirmation step with the password, then the member, their posts, their
// files, their sessions and their sign-in account are gone, and their pages answer 404.
// JavaScript on and off, and again on the Firebase Auth emulator (the account goes there too).
import { pngFile, signedIn, signIn } from './accounts';
import { assetStored, expect, expectCrossSiteRefused, IDENTITY, seededDb, test } from './fixtures';

test(
  'a member deletes their account: a wrong password changes nothing, the right one erases everything',
  IDENTITY,
  async ({ page, expectAccessible }) => {
    const member = await signedIn(page);
    const name = member.username.toLowerCase();
    await page.goto('/posts/new');
    await page.getByLabel('Title').fill('Last notes before I go');
    await page.getByLabel('Content').fill('Leaving the jig plans here.');
    await page.getByLabel('Attachment').setInputFiles(await pngFile('plans.png', '#7c3aed'));
    await page.getByRole('button', { name: 'Create Post' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    const rows = seededDb()
      .prepare(
        'select users.avatar_id, posts.file_id, posts.slug from users join posts on posts.user_id = users.id where users.username_key = ?',
      )
      .get(name) as { avatar_id: string; file_id: string; slug: string };
    expect(await assetStored(rows.avatar_id)).toBe(true);
    expect(await assetStored(rows.file_id)).toBe(true);

    await page
      .getByRole('region', { name: 'Your data' })
      .getByRole('link', { name: 'Delete my account' })
      .click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Delete my account');
    await expectAccessible();

    // A wrong password: the message next to the field, and nothing is gone.
    await page.getByLabel('Your password').fill('not-my-password');
    await page.getByRole('button', { name: 'Delete my account' }).click();
    await expect(page.getByLabel('Your password')).toHaveAccessibleDescription(/Password is incorrect/);
    expect((await page.request.get(`/members/${name}`)).status()).toBe(200);

    // Forged from another site: refused before it reaches the page.
    await expectCrossSiteRefused(page.request, '/profile/delete', {
      form: { confirmation: member.password },
    });
    expect((await page.request.get(`/members/${name}`)).status()).toBe(200);

    await page.getByLabel('Your password').fill(member.password);
    await page.getByRole('button', { name: 'Delete my account' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Account deleted');
    await expect(page).toHaveURL(/\/profile\/delete\?done=1$/);
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'join' }),
    ).toBeVisible();
    await expectAccessible();

    // Gone from every page, and from the store.
    expect((await page.request.get(`/members/${name}`)).status()).toBe(404);
    expect((await page.request.get(`/posts/${name}/${rows.slug}`)).status()).toBe(404);
    expect((await page.request.get(`/members/${name}/posts.atom`)).status()).toBe(404);
    expect((await page.request.get(`/assets/${rows.file_id}`)).status()).toBe(404);
    expect(await page.request.get(`/members?q=${name}`).then((response) => response.text())).not.toContain(
      `/members/${name}"`,
    );
    expect(await page.request.get('/sitemap.xml').then((response) => response.text())).not.toContain(
      `/members/${name}<`,
    );
    expect(await assetStored(rows.avatar_id)).toBe(false);
    expect(await assetStored(rows.file_id)).toBe(false);
    const db = seededDb();
    expect(db.prepare('select count(*) as n from users where username_key = ?').get(name)).toEqual({ n: 0 });
    expect(db.prepare('select count(*) as n from local_accounts where email = ?').get(member.email)).toEqual({
      n: 0,
    });

    // The session ended, and the account cannot sign in again.
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/login\?from=%2Fprofile$/);
    await signIn(page, member);
    await expect(page.getByText('Invalid email or password')).toBeVisible();
  },
);

test('a visitor cannot reach the confirmation step, and an empty confirmation is refused', async ({
  page,
  baseURL,
}) => {
  await page.goto('/profile/delete');
  await expect(page).toHaveURL(/\/login\?from=%2Fprofile%2Fdelete$/);
  const member = await signedIn(page);
  const empty = await page.request.post('/profile/delete', {
    headers: { Origin: baseURL! },
    form: { confirmation: '' },
  });
  expect(empty.status()).toBe(400);
  expect(await empty.text()).toContain('Type your password or username to confirm');
  expect((await page.request.get(`/members/${member.username.toLowerCase()}`)).status()).toBe(200);
});
