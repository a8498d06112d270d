// The directory and a member's posts in pages (`?page=N`, 24 a page): following the page links
// visits everyone once; a search keeps its words across pages; a number past the end or not a
// number shows the last or the first page; a prolific member's card stays small. JavaScript on
// and off.
import { request as http, type Page } from '@playwright/test';
import { newInviteKey } from '../support/admin';
import { freshMember, pngBytes, registered, registerOverHttp, signedIn } from './accounts';
import { expect, hydrated, seededDb, test } from './fixtures';

const DEMO = [
  'aoife_byrne',
  'cian_oconnor',
  'niamh_walsh',
  'tomas_kelly',
  'siobhan_murphy',
  'darragh_nolan',
  'grace_adeyemi',
  'liam_fitzgerald',
  'mei_chen',
  'ronan_daly',
  'orla_brennan',
  'kofi_mensah',
  'eva_kowalska',
];

const cardLinks = (page: Page) =>
  page.locator('.member-grid h2 a').evaluateAll((links) => links.map((a) => a.getAttribute('href')!));

/** Registers `count` members over HTTP (no browser) with one invite; their usernames. */
async function registerMembers(baseURL: string, count: number, fullname = (i: number) => `Member ${i}`) {
  const invite = await newInviteKey(undefined, '--uses', String(Math.max(count, 1)));
  const client = await http.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL } });
  const avatar = await pngBytes();
  const usernames: string[] = [];
  for (let i = 0; i < count; i++) {
    const member = freshMember({ fullname: fullname(i) });
    await registerOverHttp(client, member, invite, avatar);
    usernames.push(member.username.toLowerCase());
  }
  await client.dispose();
  return usernames;
}

/** Registers members until the directory holds at least two pages, whichever tests ran before. */
async function twoDirectoryPages(baseURL: string) {
  const listed = seededDb().prepare('select count(*) as n from users where hidden = 0').get() as {
    n: number;
  };
  await registerMembers(baseURL, Math.max(0, 25 - listed.n));
}

/** Every page from the current one on, by its 'Next' link: what each page listed. */
async function walk(page: Page, list: (page: Page) => Promise<string[]>) {
  const pages: string[][] = [];
  for (;;) {
    pages.push(await list(page));
    const next = page.getByRole('navigation', { name: /pages$/ }).getByRole('link', { name: 'Next' });
    if (!(await next.count())) return pages;
    await next.click();
    await expect(page.locator('.page-links [aria-current="page"]')).toHaveText(String(pages.length + 1));
  }
}

test('the directory’s page links visit every member once, 24 a page', async ({
  page,
  baseURL,
  expectAccessible,
}) => {
  test.slow(); // it may register members first
  await twoDirectoryPages(baseURL!);
  await page.goto('/members');
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/members$/);
  await expect(page.locator('link[rel="next"]')).toHaveAttribute('href', /\/members\?page=2$/);
  await expectAccessible();
  const pages = await walk(page, cardLinks);
  expect(pages.length).toBeGreaterThan(1);
  for (const listed of pages.slice(0, -1)) expect(listed).toHaveLength(24);
  const seen = pages.flat();
  // Members only join at the end of the order, so nobody can be listed twice; the demo members
  // come first and are never removed, so each is listed exactly once.
  expect(new Set(seen).size).toBe(seen.length);
  for (const username of DEMO) expect(seen.filter((href) => href === `/members/${username}`)).toHaveLength(1);
  await expect(page).toHaveTitle(new RegExp(`^Members, page ${pages.length} \\|`));
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    'href',
    new RegExp(`/members\\?page=${pages.length}$`),
  );
  await expect(page.locator('link[rel="prev"]')).toHaveCount(1);
  await expect(page.locator('link[rel="next"]')).toHaveCount(0);

  // Past the end: the last page (others may have joined meanwhile, so it is told by having no
  // 'Next'); not a number: the first.
  await page.goto('/members?page=999');
  const pager = page.getByRole('navigation', { name: 'Members pages' });
  await expect(pager.getByRole('link', { name: 'Next' })).toHaveCount(0);
  await expect(pager.getByRole('link', { name: 'Previous' })).toHaveCount(1);
  expect((await cardLinks(page)).length).toBeGreaterThan(0);
  await page.goto('/members?page=abc');
  await expect(page.locator('.page-links [aria-current="page"]')).toHaveText('1');
  expect(await cardLinks(page)).toContain('/members/aoife_byrne');
});

// The pager's links are plain <a> with one listener on the pager (app/components/client-links.ts).
test('with scripts, page links load the next page in place for a member @js-only', async ({
  page,
  baseURL,
}) => {
  test.slow(); // it may register members first
  await twoDirectoryPages(baseURL!);
  await signedIn(page);
  await page.goto('/members');
  await hydrated(page);
  const first = await cardLinks(page);
  // A mark on the window survives only a navigation that does not load a new document.
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  await page.getByRole('navigation', { name: 'Members pages' }).getByRole('link', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/members\?page=2$/);
  await expect(page.locator('.page-links [aria-current="page"]')).toHaveText('2');
  expect(await cardLinks(page)).not.toContain(first[0]);
  expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
  await page.getByRole('navigation', { name: 'Members pages' }).getByRole('link', { name: 'Page 1' }).click();
  await expect(page).toHaveURL(/\/members$/);
  // The address changes a moment before the new page is drawn: wait for the pager to say so.
  await expect(page.locator('.page-links [aria-current="page"]')).toHaveText('1');
  expect(await cardLinks(page)).toEqual(first);
  expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
});

test('a search keeps its words across pages and visits each match once', async ({ page, baseURL }) => {
  test.slow(); // 25 registrations
  const token = `walker${crypto.randomUUID().slice(0, 6)}`;
  const usernames = await registerMembers(baseURL!, 25, (i) => `${token} Number ${i}`);

  await page.goto(`/members?q=${token}`);
  await expect(page.locator('.search-status')).toHaveText(`25 members match “${token}”.`);
  const pages = await walk(page, cardLinks);
  expect(pages.map((listed) => listed.length)).toEqual([24, 1]);
  expect(page.url()).toMatch(new RegExp(`/members\\?q=${token}&page=2$`));
  expect(pages.flat().sort()).toEqual(usernames.map((username) => `/members/${username}`).sort());
  await page.goto(`/members?q=${token}&page=7`);
  expect(await cardLinks(page)).toEqual(pages[1]);
});

test('a member with 30 posts: a small card on the directory, and their posts in two pages', async ({
  page,
  request,
  expectAccessible,
}) => {
  const member = await registered();
  const login = await request.post('/api/auth/login', {
    data: { email: member.email, password: member.password },
  });
  const { token } = (await login.json()) as { token: string };
  const titles = Array.from({ length: 30 }, (_, i) => `Bench log ${String(i).padStart(2, '0')}`);
  for (const title of titles) {
    const made = await request.post('/api/page/posts/insert', {
      data: { title },
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(made.ok()).toBe(true);
  }
  const name = member.username.toLowerCase();

  await page.goto(`/members?q=${name}`);
  const card = page.locator('.member-card');
  await expect(card).toHaveCount(1);
  await expect(card.locator('.post-list').first().getByRole('listitem')).toHaveText([
    /Bench log 29/,
    /Bench log 28/,
  ]);
  await expect(card.getByText('+28 more')).toBeVisible();
  await card.getByText('+28 more').click();
  await expect(card.locator('.more-posts .post-list').getByRole('listitem')).toHaveCount(4);
  await expect(card.getByRole('link', { name: 'All 30 posts' })).toHaveAttribute('href', `/members/${name}`);
  // The card's page stays small whatever the member writes.
  const html = await page.request.get(`/members?q=${name}`).then((response) => response.text());
  expect(html).toContain('Bench log 24');
  expect(html).not.toContain('Bench log 23');

  await card.getByRole('link', { name: 'All 30 posts' }).click();
  await expect(page).toHaveURL(new RegExp(`/members/${name}$`));
  await expectAccessible();
  const postTitles = (p: Page) =>
    p
      .getByRole('region', { name: /Posts$/ })
      .locator('.post-list > li > a')
      .allTextContents();
  const pages = await walk(page, postTitles);
  expect(pages.map((listed) => listed.length)).toEqual([24, 6]);
  expect(pages.flat()).toEqual([...titles].reverse());
  await expect(page).toHaveTitle(new RegExp(`, page 2 \\|`));
  await page.goto(`/members/${name}?page=abc`);
  expect(await postTitles(page)).toEqual(pages[0]);
});
