// Requests no page would send: each gets a clear answer and changes nothing.
import fs from 'node:fs';
import path from 'node:path';
import { newInviteKey } from '../support/admin';
import { currentServer, dataDir } from '../support/servers';
import { freshMember, reachStepTwo, registered as registeredMember, signIn } from './accounts';
import { expect, seededDb, test, HTTP } from './fixtures';

// Other workers register members meanwhile: count only this one.
const registered = (username: string) =>
  (
    seededDb()
      .prepare('select count(*) as n from users where username_key = ?')
      .get(username.toLowerCase()) as {
      n: number;
    }
  ).n;

test(
  'a 10 MB bio and a multipart post with no parts are refused on step 2',
  HTTP,
  async ({ page, baseURL }) => {
    const member = freshMember();
    await reachStepTwo(page, member);

    // page.request shares the page's cookies (the registration draft).
    const huge = await page.request.post('/register?step=2', {
      headers: { Origin: baseURL! },
      multipart: { bio: 'x'.repeat(10 * 1024 * 1024), intent: 'register' },
    });
    expect(huge.status()).toBe(413);
    expect(await huge.text()).toContain('The form is too large');

    const empty = await page.request.post('/register?step=2', {
      headers: { Origin: baseURL! },
      multipart: { intent: 'register' },
    });
    expect(empty.status()).toBe(400);
    expect(await empty.text()).toContain('Please provide a short bio');

    // A bare list name (no [0]) and six qualifications by hand.
    const forged = await page.request.post('/register?step=2', {
      headers: { Origin: baseURL! },
      multipart: { intent: 'register', bio: 'Hi', qualifications: 'one' },
    });
    expect(forged.status()).toBe(400);
    expect(await forged.text()).toContain('Please choose an avatar image');
    const six = await page.request.fetch('/register?step=2', {
      method: 'POST',
      headers: { Origin: baseURL! },
      multipart: Object.fromEntries([
        ['bio', 'Hi'],
        ...[0, 1, 2, 3, 4, 5].map((i) => [`qualifications[${i}]`, `Q${i}`]),
      ]),
    });
    expect(six.status()).toBe(400);
    expect(await six.text()).toContain('You can list at most 5 qualifications');
    expect(registered(member.username)).toBe(0);
  },
);

test(
  'thousands of file parts on step 2 are refused at once and leave no temp file',
  HTTP,
  async ({ page, baseURL }) => {
    const member = freshMember();
    await reachStepTwo(page, member);
    const uploads = path.join(dataDir(currentServer()), 'uploads');
    const tempFiles = () => (fs.existsSync(uploads) ? fs.readdirSync(uploads).length : 0);
    const before = tempFiles();
    const form = new FormData();
    form.append('bio', 'Hi');
    for (let index = 0; index < 5000; index++) form.append('avatar', new File([], 'a.png'));
    const started = Date.now();
    const refused = await page.request.post('/register?step=2', {
      headers: { Origin: baseURL! },
      multipart: form,
    });
    expect(refused.status()).toBe(413);
    expect(await refused.text()).toContain('The form is too large');
    expect(Date.now() - started).toBeLessThan(3000);
    // Other workers' uploads come and go in the same folder; this request alone made 5,000 before.
    expect(tempFiles() - before).toBeLessThan(50);
    expect(registered(member.username)).toBe(0);
  },
);

test(
  'a multipart body that cannot be read is a 400 asking to send the form again, not the crash page',
  HTTP,
  async ({ request, baseURL }) => {
    const part = (head: string) => `--xyz\r\n${head}\r\n\r\nvalue\r\n--xyz--\r\n`;
    for (const [what, type, body] of [
      ['no boundary', 'multipart/form-data', part('Content-Disposition: form-data; name="email"')],
      [
        'a cut body',
        'multipart/form-data; boundary=xyz',
        '--xyz\r\nContent-Disposition: form-data; name="email"\r\n\r\nada@',
      ],
      ['a part without a name', 'multipart/form-data; boundary=xyz', part('Content-Disposition: form-data')],
      [
        'a part without its disposition',
        'multipart/form-data; boundary=xyz',
        part('Content-Type: text/plain'),
      ],
      ['a broken part header', 'multipart/form-data; boundary=xyz', part('no colon here')],
    ]) {
      const response = await request.post('/login', {
        headers: { Origin: baseURL!, 'Content-Type': type! },
        data: Buffer.from(body!),
      });
      expect(response.status(), what).toBe(400);
      const page = await response.text();
      expect(page, what).toContain('The form could not be read. Please send it again.');
      expect(page, what).toContain('<title>Form Not Read | Dublin Makerspace</title>');
      expect(page, what).not.toContain('It has been logged');
    }
  },
);

test(
  'a cross-site POST to /login (foreign Origin or Sec-Fetch-Site) gets 403 and signs nobody in',
  HTTP,
  async ({ request, baseURL }) => {
    const member = await registeredMember();
    for (const headers of [{ Origin: 'https://evil.example' }, { 'Sec-Fetch-Site': 'cross-site' }] as Record<
      string,
      string
    >[]) {
      const response = await request.post('/login', {
        headers,
        form: { email: member.email, password: member.password },
        maxRedirects: 0,
      });
      expect(response.status(), JSON.stringify(headers)).toBe(403);
      expect(await response.text()).toBe('Cross-site form submissions are not accepted.');
      expect(response.headers()['set-cookie'] ?? '').not.toContain('__session');
    }
    // The same form from this site works.
    const ok = await request.post('/login', {
      headers: { Origin: baseURL! },
      form: { email: member.email, password: member.password },
      maxRedirects: 0,
    });
    expect(ok.status()).toBe(302);
    expect(ok.headers()['set-cookie']).toContain('__session');
  },
);

test('a bot that fills the honeypot field is refused and nothing is kept', async ({
  page,
  request,
  baseURL,
}) => {
  await page.goto('/register');
  const honeypot = page.locator('input[name="name__confirm"]');
  await expect(honeypot).toBeHidden();
  const validFrom = await page.locator('input[name="from__confirm"]').inputValue();
  const member = freshMember();
  const response = await request.post('/register', {
    headers: { Origin: baseURL! },
    form: {
      ...member,
      confirmPassword: member.password,
      inviteKey: await newInviteKey(),
      name__confirm: 'I am a bot',
      from__confirm: validFrom,
    },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(400);
  expect(await response.text()).toContain('Registration failed. Please try again.');
  expect(response.headers()['set-cookie'] ?? '').not.toContain('__register');
});

test('registration step 2 without a draft goes back to step 1', async ({ page }) => {
  await page.goto('/register?step=2');
  await expect(page).toHaveURL(/\/register$/);
  await expect(page.getByRole('heading', { name: 'Register' })).toBeVisible();
});

test('signing in as a visitor of nobody: a missing account and a member-less account', async ({ page }) => {
  await signIn(page, { email: 'ghost@example.ie', password: 'nothing-here-1' });
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
});
