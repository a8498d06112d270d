import { signedIn } from './accounts';
import { HTTP, expect, hydrated, metaContent, seededDb, test } from './fixtures';

test('the directory shows a card per member with name, title, avatar, bio and posts', async ({
  page,
  expectAccessible,
}) => {
  await page.goto('/members');
  await expect(page).toHaveTitle('Members | Dublin Makerspace');
  // The 13 demo members (tests that register add more to this shared server).
  const cards = page.locator('article.member-card');
  await expect(cards.first()).toBeVisible();
  expect(await cards.count()).toBeGreaterThanOrEqual(13);
  for (const name of ['AOIFE BYRNE', "CIAN O'CONNOR", 'NIAMH WALSH', 'EVA KOWALSKA']) {
    await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
  }

  const aoife = page.getByRole('article', { name: 'AOIFE BYRNE' });
  await expect(aoife.getByRole('heading', { name: 'AOIFE BYRNE' })).toBeVisible();
  await expect(aoife.getByText('Mechanical Engineer', { exact: true })).toBeVisible();
  await expect(aoife.locator('img.avatar')).toHaveAttribute('src', /^\/assets\/[0-9a-f]{32}\?w=96/);
  // Two posts, then '+1 more'.
  await expect(aoife.getByRole('link', { name: 'Carbon-fibre drone frame, version 3' })).toHaveAttribute(
    'href',
    '/posts/aoife_byrne/carbon-fibre-drone-frame-v3',
  );
  await expect(aoife.getByText('Featured')).toBeVisible();
  await expect(aoife.getByRole('link', { name: 'Notes from the printer maintenance evening' })).toBeHidden();
  await aoife.getByText('+1 more').click();
  await expect(aoife.getByRole('link', { name: 'Notes from the printer maintenance evening' })).toBeVisible();
  await expect(aoife.getByText('show less')).toBeVisible();

  // A member without posts shows no post list.
  const kofi = page.getByRole('article', { name: 'KOFI MENSAH' });
  await expect(kofi.getByRole('heading', { name: 'Posts' })).toHaveCount(0);
  await expectAccessible();
});

test('a long bio is cut at 150 characters (with posts) and opens with read more / read less', async ({
  page,
}) => {
  await page.goto('/members');
  const niamh = page.getByRole('article', { name: 'NIAMH WALSH' });
  const shortText = niamh.locator('.bio-short');
  await expect(shortText).toHaveText(/\.\.\. $/);
  expect((await shortText.textContent())!.trim().length).toBe(153);
  await expect(niamh.getByText('expect a crowd of undergraduates')).toBeHidden();
  await niamh.getByText('read more').click();
  await expect(niamh.getByText('expect a crowd of undergraduates around July.')).toBeVisible();
  await niamh.getByText('read less').click();
  await expect(niamh.getByText('expect a crowd of undergraduates')).toBeHidden();
});

test('a member without posts gets 300 characters of bio before read more', async ({ page }) => {
  await page.goto('/members');
  const siobhan = page.getByRole('article', { name: 'SIOBHÁN MURPHY' });
  await expect(siobhan.getByText('read more')).toHaveCount(0);
});

test('a member profile shows banner, avatar, About Me, Qualifications, posts and Projects', async ({
  page,
  expectAccessible,
}) => {
  await page.goto('/members/niamh_walsh');
  await expect(page).toHaveTitle('Niamh Walsh | Dublin Makerspace');
  await expect(page.getByRole('heading', { name: 'Niamh Walsh', level: 1 })).toBeVisible();
  await expect(page.locator('.profile-banner img')).toHaveAttribute('height', '300');
  await expect(page.locator('img.profile-avatar')).toHaveAttribute('width', '170');
  await expect(page.getByRole('heading', { name: 'About Me' })).toBeVisible();
  await expect(page.getByText('expect a crowd of undergraduates around July.')).toBeVisible();
  const qualifications = page.getByRole('region', { name: 'Qualifications' }).getByRole('listitem');
  await expect(qualifications).toHaveCount(5);
  const posts = page.getByRole('region', { name: "Niamh's Posts" });
  await expect(posts.getByRole('link')).toHaveCount(4);
  await expect(posts.getByText('2026-11-18')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Projects' })).toContainText('No projects to show yet.');
  await expectAccessible();

  await posts.getByRole('link', { name: 'Wetlab induction dates for December' }).click();
  await expect(page).toHaveURL('/posts/niamh_walsh/wetlab-induction-dates');
});

test('profile meta: sharing description, JSON-LD person and image, canonical', async ({ page, baseURL }) => {
  await page.goto('/members/niamh_walsh');
  const description = await metaContent(page, 'description');
  expect(description!.length).toBe(160);
  expect(description!.endsWith('...')).toBe(true);
  const sharing = await metaContent(page, 'og:description');
  expect(sharing!.length).toBe(140);
  expect(sharing!.endsWith('...')).toBe(true);
  expect(await metaContent(page, 'twitter:description')).toBe(sharing);
  expect(await metaContent(page, 'og:type')).toBe('profile');
  expect(await metaContent(page, 'og:image')).toMatch(new RegExp(`^${baseURL}/assets/`));
  expect(await metaContent(page, 'keywords')).toContain('Wetlab lead');
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    'href',
    `${baseURL}/members/niamh_walsh`,
  );
  const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
  expect(ld).toMatchObject({ '@type': 'Person', name: 'Niamh Walsh', image: { '@type': 'ImageObject' } });
});

test('a short bio is shared whole', async ({ page }) => {
  await page.goto('/members/mei_chen');
  expect(await metaContent(page, 'og:description')).toBe(
    'Biodegradable packaging from seaweed. The smell is under control now.',
  );
});

test('member ids are case-insensitive and unknown members say so', async ({ page, expectAccessible }) => {
  await page.goto('/members/Niamh_Walsh');
  await expect(page).toHaveURL(/\/members\/niamh_walsh$/);
  const response = await page.goto('/members/nobody_here');
  expect(response?.status()).toBe(404);
  await expect(
    page.getByRole('heading', { name: 'Failed to load member profile: Member not found' }),
  ).toBeVisible();
  await expect(
    page.getByText("Probably shouldn't happen, try again later or let us know whichever way you want"),
  ).toBeVisible();
  await expectAccessible();
});

test('a broken avatar falls back to the initials avatar', async ({ page }) => {
  const response = await page.request.get(
    '/assets/ffffffffffffffffffffffffffffffff?w=96&initials=Ada%20Lovelace',
    {
      maxRedirects: 0,
    },
  );
  expect(response.status()).toBe(302);
  expect(response.headers()['location']).toBe('/avatar.svg?name=Ada%20Lovelace');
  const svg = await page.request.get('/avatar.svg?name=Ada%20Lovelace');
  expect(svg.headers()['content-type']).toContain('image/svg+xml');
  expect(await svg.text()).toContain('>AL</text>');
});

test(
  'list pages send what they show: no post text in the directory or on a member page',
  HTTP,
  async ({ request }) => {
    // The longest seeded post: its text belongs on its own page only.
    const post = seededDb()
      .prepare(
        `select p.content, p.slug, u.username from posts p join users u on u.id = p.user_id
       order by length(p.content) desc limit 1`,
      )
      .get() as { content: string; slug: string; username: string };
    // Letters and spaces only, so HTML and JSON escaping leave it as it is.
    const sample = /[A-Za-z ]{40}/.exec(post.content)![0];
    const member = `/members/${post.username.toLowerCase()}`;
    for (const url of ['/members', member, `/posts/${post.username.toLowerCase()}/${post.slug}`]) {
      const html = await (await request.get(url)).text();
      expect(html.includes(sample), url).toBe(url.startsWith('/posts/'));
    }
  },
);

// A card's links are plain <a> with one listener on the grid (app/components/client-links.ts).
test('with scripts, card links navigate in place for a member @js-only', async ({ page }) => {
  await signedIn(page);
  await page.goto('/members');
  await hydrated(page);
  const card = page
    .locator('.member-card')
    .filter({ has: page.locator('.post-list a') })
    .first();
  const post = card.locator('.post-list a').first();
  const postHref = (await post.getAttribute('href'))!;
  // A mark on the window survives only a navigation that does not load a new document.
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  await post.click();
  await expect(page).toHaveURL(new RegExp(`${postHref}$`));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
  await page.goBack();
  await expect(page).toHaveURL(/\/members$/);
  const name = page.locator('.member-card h2 a').first();
  const nameHref = (await name.getAttribute('href'))!;
  await name.click();
  await expect(page).toHaveURL(new RegExp(`${nameHref}$`));
  expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
});
