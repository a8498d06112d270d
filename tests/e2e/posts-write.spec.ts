import type { Page } from '@playwright/test';
import { pngBytes, pngFile, signedIn } from './accounts';
import { assetStored, expect, hugeFilePath, seededDb, STORE, test, HTTP } from './fixtures';

const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

async function createPost(
  page: Page,
  fields: {
    title: string;
    content?: string;
    file?: { name: string; mimeType: string; buffer: Buffer };
    featured?: boolean;
  },
) {
  await page.goto('/posts/new');
  await page.getByLabel('Title').fill(fields.title);
  if (fields.content) await page.getByLabel('Content').fill(fields.content);
  if (fields.file) await page.getByLabel('Attachment').setInputFiles(fields.file);
  if (fields.featured) await page.getByLabel('Feature this post (mark as important)').check();
  await page.getByRole('button', { name: 'Create Post' }).click();
  await expect(page).toHaveURL(/\/profile$/);
}

test(
  'create posts with an image and a PDF, view and download both',
  STORE,
  async ({ page, expectAccessible }) => {
    const member = await signedIn(page);
    await page.goto('/posts/new');
    await expect(page.getByRole('heading', { name: 'Create New Post' })).toBeVisible();
    await expect(page.getByLabel('Title')).toHaveAttribute('placeholder', 'Enter post title');
    await expect(page.getByLabel('Content')).toHaveAttribute(
      'placeholder',
      'Write your post content here...',
    );
    await expect(page.getByText('Click to upload a file')).toBeVisible();
    await expectAccessible();

    await createPost(page, {
      title: 'Reflow oven build',
      content: 'Toaster oven, thermocouple\nand a PID loop.',
      file: await pngFile('oven.png', '#c2410c', 640, 480),
      featured: true,
    });
    await createPost(page, {
      title: 'Bill of materials',
      file: { name: 'bom.pdf', mimeType: 'application/pdf', buffer: pdf },
    });

    const memberId = member.username.toLowerCase();
    await page.goto(`/posts/${memberId}/reflow-oven-build`);
    await expect(page.getByRole('heading', { name: 'Reflow oven build', level: 1 })).toBeVisible();
    await expect(page.getByText('Featured', { exact: true })).toBeVisible();
    await expect(page.locator('pre.post-content')).toHaveText('Toaster oven, thermocouple\nand a PID loop.');
    await expect(page.locator('img.attachment-preview')).toBeVisible();
    const image = await page.request.get(
      (await page.getByRole('link', { name: 'Download' }).getAttribute('href'))!,
    );
    expect(image.headers()['content-type']).toBe('image/png');

    await page.goto(`/posts/${memberId}/bill-of-materials`);
    const download = page.getByRole('link', { name: 'Download' });
    await expect(download).toHaveAttribute('href', /\/bom\.pdf$/);
    const file = await page.request.get((await download.getAttribute('href'))!);
    expect(file.headers()['content-type']).toBe('application/pdf');
    expect(file.headers()['content-disposition']).toMatch(/^attachment; filename="bom.pdf"/);
    expect(Buffer.from(await file.body()).equals(pdf)).toBe(true);

    // The directory card lists both, newest first (found by search: new members join the last page).
    await page.goto(`/members?q=${member.username}`);
    const card = page.getByRole('article', { name: member.fullname.toUpperCase() });
    await expect(card.getByRole('link', { name: 'Bill of materials' })).toBeVisible();
    await expect(card.getByRole('link', { name: 'Reflow oven build' })).toBeVisible();
  },
);

test(
  'edit: change text, toggle featured, remove and replace the file',
  STORE,
  async ({ page, javaScript }) => {
    const member = await signedIn(page);
    await createPost(page, {
      title: 'Jig v1',
      content: 'First try',
      file: { name: 'jig.pdf', mimeType: 'application/pdf', buffer: pdf },
    });
    await page.getByRole('link', { name: 'Edit Jig v1' }).click();
    await expect(page.getByRole('heading', { name: 'Edit Post' })).toBeVisible();
    await expect(page.getByLabel('Title')).toHaveValue('Jig v1');
    await expect(page.getByText('jig.pdf')).toBeVisible();
    await page.getByLabel('Title').fill('Jig v2');
    await page.getByLabel('Content').fill('Second try, much better');
    await page.getByLabel('Feature this post (mark as important)').check();
    await page.getByLabel('Attachment').setInputFiles(await pngFile('jig-v2.png', '#1d4ed8'));
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page).toHaveURL(/\/profile$/);

    // The slug stays stable when the title changes.
    const memberId = member.username.toLowerCase();
    await page.goto(`/posts/${memberId}/jig-v1`);
    await expect(page.getByRole('heading', { name: 'Jig v2', level: 1 })).toBeVisible();
    await expect(page.getByText('Featured', { exact: true })).toBeVisible();
    await expect(page.getByText('jig-v2.png')).toBeVisible();

    await page.goto('/profile');
    await page.getByRole('link', { name: 'Edit Jig v2' }).click();
    // With JavaScript the checkbox becomes an in-place button once the page hydrates.
    if (javaScript) await page.getByRole('button', { name: 'Remove File' }).click();
    else await page.getByLabel('Remove File').check();
    await page.getByLabel('Feature this post (mark as important)').uncheck();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await page.goto(`/posts/${memberId}/jig-v1`);
    await expect(page.getByRole('region', { name: 'Attached File' })).toHaveCount(0);
    await expect(page.getByText('Featured', { exact: true })).toHaveCount(0);
  },
);

test('delete asks first (confirm dialog with JavaScript, a confirmation step without)', async ({
  page,
  javaScript,
}) => {
  const member = await signedIn(page);
  await createPost(page, {
    title: 'Short-lived',
    file: { name: 'gone.pdf', mimeType: 'application/pdf', buffer: pdf },
  });
  await page.goto(`/posts/${member.username.toLowerCase()}/short-lived`);
  const href = await page.getByRole('link', { name: 'Download' }).getAttribute('href');
  const fileId = /^\/assets\/([0-9a-f]{32})\//.exec(href!)![1];
  await page.goto('/profile');
  if (javaScript) {
    let asked = '';
    page.once('dialog', (dialog) => {
      asked = dialog.message();
      void dialog.dismiss();
    });
    await page.getByRole('link', { name: 'Delete Short-lived' }).click();
    expect(asked).toBe('Are you sure you want to delete this post?');
    await expect(page.getByRole('link', { name: 'Short-lived', exact: true })).toBeVisible();
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('link', { name: 'Delete Short-lived' }).click();
  } else {
    await page.getByRole('link', { name: 'Delete Short-lived' }).click();
    await expect(
      page.getByRole('heading', { name: 'Are you sure you want to delete this post?' }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Delete' }).click();
    await expect(page).toHaveURL(/\/profile$/);
  }
  await expect(page.getByRole('link', { name: 'Short-lived', exact: true })).toHaveCount(0);
  const response = await page.request.get(`/posts/${member.username.toLowerCase()}/short-lived`);
  expect(response.status()).toBe(404);
  // The attachment went with it: row and file.
  expect((await page.request.get(`/assets/${fileId}`)).status()).toBe(404);
  expect(await assetStored(fileId)).toBe(false);
});

test('bad input: blank title, a 30 MB file, disguised files', async ({ page }) => {
  const member = await signedIn(page);
  await page.goto('/posts/new');
  await page.getByLabel('Title').fill('   ');
  await page.getByLabel('Content').fill('Kept after the error');
  await page.getByRole('button', { name: 'Create Post' }).click();
  await expect(page.getByText('Title is required')).toBeVisible();
  await expect(page.getByLabel('Content')).toHaveValue('Kept after the error');

  await page.getByLabel('Title').fill('Too big');
  await page.getByLabel('Attachment').setInputFiles(hugeFilePath());
  await page.getByRole('button', { name: 'Create Post' }).click();
  await expect(page.getByText(/larger than 25 MB|too large/)).toBeVisible();

  // An HTML page named .png is stored as what its bytes say and only ever downloaded.
  await createPost(page, {
    title: 'Sneaky',
    file: {
      name: 'cat.png',
      mimeType: 'image/png',
      buffer: Buffer.from('<html><script>alert(1)</script></html>'),
    },
  });
  await page.goto(`/posts/${member.username.toLowerCase()}/sneaky`);
  const href = (await page.getByRole('link', { name: 'Download' }).getAttribute('href'))!;
  const sneaky = await page.request.get(href);
  expect(sneaky.headers()['content-type']).toMatch(/^text\/plain/);
  expect(sneaky.headers()['content-disposition']).toMatch(/^attachment/);
  await expect(page.locator('img.attachment-preview')).toHaveCount(0);

  // A real PNG named .exe is what its bytes say: an image, shown and served as one.
  await createPost(page, {
    title: 'Renamed',
    file: { name: 'tool.exe', mimeType: 'application/x-msdownload', buffer: await pngBytes('#b91c1c') },
  });
  await page.goto(`/posts/${member.username.toLowerCase()}/renamed`);
  await expect(page.locator('img.attachment-preview')).toHaveCount(1);
  const renamed = await page.request.get(
    (await page.getByRole('link', { name: 'Download' }).getAttribute('href'))!,
  );
  expect(renamed.headers()['content-type']).toBe('image/png');
});

test('a cross-site POST to the post forms changes nothing', HTTP, async ({ page, baseURL }) => {
  await signedIn(page);
  // What a browser sends for a form on another site: a foreign Origin, or Sec-Fetch-Site:
  // cross-site (believed whatever Origin says). The server answers both with 403.
  for (const path of ['/posts/new', '/posts/edit/x', '/posts/delete/x']) {
    for (const headers of [
      { Origin: 'https://evil.example' },
      { Origin: baseURL!, 'Sec-Fetch-Site': 'cross-site' },
    ] as Record<string, string>[]) {
      const response = await page.request.post(path, {
        headers,
        multipart: { title: 'From elsewhere' },
        maxRedirects: 0,
      });
      expect(response.status(), `${path} ${JSON.stringify(headers)}`).toBe(403);
      expect(await response.text()).toBe('Cross-site form submissions are not accepted.');
    }
  }
  expect(seededDb().prepare("select count(*) as n from posts where title = 'From elsewhere'").get()).toEqual({
    n: 0,
  });
});

test("another member's post cannot be edited or deleted, whatever the form says", async ({
  page,
  baseURL,
}) => {
  await signedIn(page);
  const victim = seededDb()
    .prepare(
      "select posts.id, posts.title from posts join users on users.id = posts.user_id where users.username = 'aoife_byrne' limit 1",
    )
    .get() as { id: string; title: string };
  await page.goto(`/posts/edit/${victim.id}`);
  await expect(page.getByText('Failed to load post. Please try again.')).toBeVisible();
  const edit = await page.request.post(`/posts/edit/${victim.id}`, {
    headers: { Origin: baseURL! },
    multipart: { title: 'Hacked' },
  });
  expect(edit.status()).toBe(404);
  const del = await page.request.post(`/posts/delete/${victim.id}`, {
    headers: { Origin: baseURL! },
    form: {},
  });
  expect(del.status()).toBe(404);
  const after = seededDb().prepare('select title from posts where id = ?').get(victim.id) as {
    title: string;
  };
  expect(after.title).toBe(victim.title);
});

test('without a session the write pages send visitors to sign in', async ({ page, request, baseURL }) => {
  await page.goto('/posts/new');
  await expect(page).toHaveURL(/\/login\?from=%2Fposts%2Fnew$/);
  const response = await request.post('/posts/new', {
    headers: { Origin: baseURL! },
    multipart: { title: 'Anonymous' },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
  expect(response.headers()['location']).toMatch(/^\/login\?from=/);
});
