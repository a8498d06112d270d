// The /api contract over plain HTTP, on the seeded site with the local identity provider: every
// call, the bad inputs of docs/api.md, and every token case. Each answer is checked against
// /api/openapi.json by contract.ts.
import path from 'node:path';
import Database from 'better-sqlite3';
import { test, expect, request as newRequest, type APIRequestContext } from '@playwright/test';
import { fixtureBooking, fixtureCredits, fixtureResource, newInviteKey } from '../support/admin';
import { baseUrl, dataDir } from '../support/servers';
import { freshMember, pngBytes, registerOverHttp } from '../e2e/accounts';
import { waitForMail } from '../support/mail';
import { answer, bearer, json, openApi, type Body, type NewMember } from './contract';

const CORS_ORIGIN = 'http://app.example.test';

async function member(): Promise<{ http: APIRequestContext; who: NewMember; token: string }> {
  const http = await newRequest.newContext({ baseURL: baseUrl('seeded') });
  const who = freshMember();
  await registerOverHttp(http, who, await newInviteKey('seeded'), await pngBytes());
  const login = await http.post('/api/auth/login', json({ email: who.email, password: who.password }));
  const { body } = await answer(http, login, 'POST', '/auth/login');
  expect(body.user.username).toBe(who.username);
  expect(body.token).toMatch(/^mst_/);
  return { http, who, token: body.token };
}

async function upload(
  http: APIRequestContext,
  token: string,
  name: string,
  buffer: Buffer,
  mimeType = 'application/octet-stream',
) {
  return http.post(`/api/assets/upload/${encodeURIComponent(name)}`, {
    ...bearer(token),
    multipart: { file: { name, mimeType, buffer } },
  });
}

test('the OpenAPI document is valid and lists every call of the product §7 table', async ({ request }) => {
  const doc = await openApi(request);
  expect(Object.keys(doc.paths).sort()).toEqual(
    [
      '/assets/{id}',
      '/assets/{id}/{filename}',
      '/assets/upload/{filename}',
      '/auth/email/validate/{address}',
      '/auth/username/validate/{username}',
      '/auth/signup',
      '/auth/verify',
      '/auth/login',
      '/auth/logout',
      '/page/generic/get_members',
      '/page/generic/get_projects',
      '/page/posts/get_by_user',
      '/page/posts/insert',
      '/page/posts/edit',
      '/page/posts/delete',
      '/page/profile/update_profile',
      '/resources',
      '/resources/{slug}/availability',
      '/resources/{slug}/next-free',
      '/bookings',
      '/bookings/{id}/cancel',
      '/bookings/{id}/release',
      '/bookings/{id}/check-in',
      '/bookings/{id}/check-out',
      '/credits',
      '/waitlist',
      '/waitlist/{id}/leave',
      '/offers/{id}/take',
      '/offers/{id}/pass',
    ].sort(),
  );
});

test('public reads answer section 3 shapes, and assets are the same bytes as the site serves', async ({
  request,
}) => {
  const members = await answer(
    request,
    await request.get('/api/page/generic/get_members'),
    'GET',
    '/page/generic/get_members',
  );
  expect(members.body.results.length).toBeGreaterThan(5);
  const withPosts = members.body.results.find((m: Body) => m.posts.length > 0);
  expect(Object.keys(withPosts).sort()).toEqual([
    'avatar',
    'banner',
    'bio',
    'fullname',
    'posts',
    'qualifications',
    'username',
  ]);
  const projects = await answer(
    request,
    await request.get('/api/page/generic/get_projects'),
    'GET',
    '/page/generic/get_projects',
  );
  const team = projects.body.results.find((p: Body) => p.members.length > 0);
  expect(Object.keys(team.members[0].user).sort()).toEqual(['avatar', 'fullname', 'username']);
  const posts = await answer(
    request,
    await request.post('/api/page/posts/get_by_user', json({ username: withPosts.username })),
    'POST',
    '/page/posts/get_by_user',
  );
  expect(posts.body.posts.map((p: Body) => p.slug)).toEqual(withPosts.posts.map((p: Body) => p.slug));
  const none = await request.post('/api/page/posts/get_by_user', json({ username: 'nobody_here_at_all' }));
  expect((await answer(request, none, 'POST', '/page/posts/get_by_user')).body).toEqual({ posts: [] });

  const avatar = withPosts.avatar.id;
  const viaApi = await request.get(`/api/assets/${avatar}`);
  const viaSite = await request.get(`/assets/${avatar}`);
  expect(viaApi.status()).toBe(200);
  expect(Buffer.compare(await viaApi.body(), await viaSite.body())).toBe(0);
  expect(viaApi.headers()['etag']).toBe(viaSite.headers()['etag']);
  const notModified = await request.get(`/api/assets/${avatar}/image.png`, {
    headers: { 'If-None-Match': viaApi.headers()['etag'] },
  });
  expect(notModified.status()).toBe(304);
  const missing = await request.get('/api/assets/0123456789abcdef0123456789abcdef');
  expect(missing.status()).toBe(404);

  const taken = await request.get(`/api/auth/username/validate/${withPosts.username.toUpperCase()}`);
  expect((await answer(request, taken, 'GET', '/auth/username/validate/{username}')).body).toEqual({
    count: 1,
  });
  const free = await request.get('/api/auth/email/validate/nobody%40example.ie');
  expect((await answer(request, free, 'GET', '/auth/email/validate/{address}')).body).toEqual({ count: 0 });
});

test('a member writes, edits and deletes posts with files; nothing of another member can be touched', async () => {
  const { http, who, token } = await member();
  const verify = await answer(http, await http.get('/api/auth/verify', bearer(token)), 'GET', '/auth/verify');
  expect(verify.body).toMatchObject({ username: who.username, fullname: who.fullname });

  const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
  const uploaded = await answer(
    http,
    await upload(http, token, 'plan.pdf', pdf),
    'POST',
    '/assets/upload/{filename}',
  );
  const inserted = await answer(
    http,
    await http.post(
      '/api/page/posts/insert',
      json(
        { title: '  CNC jig notes ', content: 'Step one', starred: true, file_id: uploaded.body.id },
        token,
      ),
    ),
    'POST',
    '/page/posts/insert',
  );
  expect(inserted.body).toMatchObject({
    title: 'CNC jig notes',
    slug: 'cnc-jig-notes',
    starred: true,
    file: { id: uploaded.body.id, name: 'plan.pdf', mime_type: 'application/pdf' },
  });
  const file = await http.get(`/api/assets/${uploaded.body.id}/plan.pdf`);
  expect(Buffer.compare(await file.body(), pdf)).toBe(0);

  // Replace the file, then remove it.
  const second = await answer(
    http,
    await upload(http, token, 'photo.png', await pngBytes('#ff0000'), 'image/png'),
    'POST',
    '/assets/upload/{filename}',
  );
  const edited = await answer(
    http,
    await http.post(
      '/api/page/posts/edit',
      json(
        {
          id: inserted.body.id,
          title: 'CNC jig notes v2',
          content: 'Step two',
          starred: false,
          file_id: second.body.id,
        },
        token,
      ),
    ),
    'POST',
    '/page/posts/edit',
  );
  expect(edited.body).toMatchObject({
    title: 'CNC jig notes v2',
    slug: 'cnc-jig-notes',
    file: { id: second.body.id },
  });
  expect((await http.get(`/api/assets/${uploaded.body.id}`)).status()).toBe(404);
  const kept = await http.post(
    '/api/page/posts/edit',
    json({ id: inserted.body.id, title: 'Same file', file_id: second.body.id }, token),
  );
  expect((await answer(http, kept, 'POST', '/page/posts/edit')).body.file.id).toBe(second.body.id);
  const removed = await http.post(
    '/api/page/posts/edit',
    json({ id: inserted.body.id, title: 'No file', file_id: null }, token),
  );
  expect((await answer(http, removed, 'POST', '/page/posts/edit')).body.file).toBeNull();

  // Another member: cannot edit or delete this post, nor use this member's uploads.
  const other = await member();
  const theirs = await other.http.post(
    '/api/page/posts/edit',
    json({ id: inserted.body.id, title: 'Hijacked' }, other.token),
  );
  expect((await answer(other.http, theirs, 'POST', '/page/posts/edit')).status).toBe(404);
  const gone = await other.http.post('/api/page/posts/delete', json({ id: inserted.body.id }, other.token));
  expect((await answer(other.http, gone, 'POST', '/page/posts/delete')).status).toBe(404);
  const spare = await answer(
    http,
    await upload(http, token, 'spare.txt', Buffer.from('hello')),
    'POST',
    '/assets/upload/{filename}',
  );
  const borrowed = await other.http.post(
    '/api/page/posts/insert',
    json({ title: 'Borrowed', file_id: spare.body.id }, other.token),
  );
  const refused = await answer(other.http, borrowed, 'POST', '/page/posts/insert');
  expect(refused.status).toBe(422);
  expect(refused.body.error.fields.file_id).toEqual(['No upload of yours has this id.']);
  const mine = await answer(
    http,
    await http.post('/api/page/posts/get_by_user', json({ username: who.username })),
    'POST',
    '/page/posts/get_by_user',
  );
  expect(mine.body.posts).toHaveLength(1);
  expect(mine.body.posts[0].title).toBe('No file');
  const otherPosts = await http.post('/api/page/posts/get_by_user', json({ username: other.who.username }));
  expect((await otherPosts.json()).posts).toEqual([]);

  const deleted = await http.post('/api/page/posts/delete', json({ id: inserted.body.id }, token));
  expect((await answer(http, deleted, 'POST', '/page/posts/delete')).body).toEqual({ deleted: true });
  expect((await http.get(`/api/assets/${second.body.id}`)).status()).toBe(404);
  const again = await http.post('/api/page/posts/delete', json({ id: inserted.body.id }, token));
  expect((await answer(http, again, 'POST', '/page/posts/delete')).status).toBe(404);
});

test('bad input gets a JSON 4xx and changes nothing', async () => {
  const { http, who, token } = await member();
  const cases: [string, Promise<import('@playwright/test').APIResponse>, number, string][] = [
    [
      'invalid JSON',
      http.post('/api/page/posts/insert', {
        data: Buffer.from('{"title": '),
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      }),
      400,
      'invalid-json',
    ],
    [
      'not JSON',
      http.post('/api/page/posts/insert', { form: { title: 'x' }, ...bearer(token) }),
      415,
      'unsupported-media-type',
    ],
    [
      'missing title',
      http.post('/api/page/posts/insert', json({ content: 'x' }, token)),
      422,
      'invalid-input',
    ],
    ['blank title', http.post('/api/page/posts/insert', json({ title: '   ' }, token)), 422, 'invalid-input'],
    [
      'wrong type',
      http.post('/api/page/posts/insert', json({ title: 5, starred: 'yes' }, token)),
      422,
      'invalid-input',
    ],
    [
      'extra field',
      http.post('/api/page/posts/insert', json({ title: 'x', author: 'aoife_byrne' }, token)),
      422,
      'invalid-input',
    ],
    ['an array', http.post('/api/page/posts/insert', json([{ title: 'x' }], token)), 422, 'invalid-input'],
    [
      'unknown upload',
      http.post(
        '/api/page/posts/insert',
        json({ title: 'x', file_id: '0123456789abcdef0123456789abcdef' }, token),
      ),
      422,
      'invalid-input',
    ],
    [
      'malformed upload id',
      http.post('/api/page/posts/insert', json({ title: 'x', file_id: '../../etc/passwd' }, token)),
      422,
      'invalid-input',
    ],
    [
      'unknown post',
      http.post('/api/page/posts/edit', json({ id: 'nope', title: 'x' }, token)),
      404,
      'not-found',
    ],
    ['no token', http.post('/api/page/posts/insert', json({ title: 'x' })), 401, 'unauthorized'],
    [
      'malformed token',
      http.post('/api/page/posts/insert', json({ title: 'x' }, 'not-a-token')),
      401,
      'unauthorized',
    ],
    [
      'made-up token',
      http.post('/api/page/posts/insert', json({ title: 'x' }, `mst_${'A'.repeat(43)}`)),
      401,
      'unauthorized',
    ],
    [
      'profile: taken username',
      http.post('/api/page/profile/update_profile', json({ username: 'aoife_byrne', fullname: 'X' }, token)),
      422,
      'invalid-input',
    ],
    [
      'profile: a text file as avatar',
      (async () => {
        const text = await (await upload(http, token, 'notes.txt', Buffer.from('not an image'))).json();
        return http.post(
          '/api/page/profile/update_profile',
          json({ username: who.username, fullname: 'X', avatar_id: text.id }, token),
        );
      })(),
      422,
      'invalid-input',
    ],
    [
      'profile: one upload as avatar and banner',
      (async () => {
        const image = await (await upload(http, token, 'both.png', await pngBytes(), 'image/png')).json();
        return http.post(
          '/api/page/profile/update_profile',
          json({ username: who.username, fullname: 'X', avatar_id: image.id, banner_id: image.id }, token),
        );
      })(),
      422,
      'invalid-input',
    ],
    [
      'login: wrong types',
      http.post('/api/auth/login', json({ email: 1, password: [] })),
      422,
      'invalid-input',
    ],
    ['signup: local provider', http.post('/api/auth/signup', json({}, token)), 422, 'invalid-input'],
  ];
  for (const [name, pending, status, code] of cases) {
    const response = await pending;
    const path = new URL(response.url()).pathname.replace(/^\/api/, '');
    const { body } = await answer(http, response, 'POST', path);
    expect(response.status(), name).toBe(status);
    expect(body.error.code, name).toBe(code);
  }
  const title = await http.post('/api/page/posts/insert', json({ title: '' }, token));
  expect((await title.json()).error.fields.title).toEqual(['Title is required']);
  const profile = await http.post(
    '/api/page/profile/update_profile',
    json({ username: 'aoife_byrne', fullname: 'X' }, token),
  );
  expect((await profile.json()).error.fields.username).toEqual(['Username is already taken']);
  const mine = await http.post('/api/page/posts/get_by_user', json({ username: who.username }));
  expect((await mine.json()).posts).toEqual([]);
  const user = await (await http.get('/api/auth/verify', bearer(token))).json();
  expect(user.fullname).toBe(who.fullname);

  // A 30 MB upload is refused whole.
  const huge = await upload(http, token, 'huge.bin', Buffer.alloc(30 * 1024 * 1024, 1));
  const tooLarge = await answer(http, huge, 'POST', '/assets/upload/{filename}');
  expect(tooLarge.status).toBe(413);
  expect(tooLarge.body.error.message).toMatch(/25 MB/);

  // A fully valid sign-up body still needs a Firebase ID token here.
  const avatar = await (await upload(http, token, 'a.png', await pngBytes(), 'image/png')).json();
  const signup = await http.post(
    '/api/auth/signup',
    json(
      {
        email: 'x@example.ie',
        username: 'x_new_1',
        fullname: 'X',
        invite_key: 'k',
        description: 'Bio',
        qualifications: [],
        avatar_id: avatar.id,
      },
      token,
    ),
  );
  expect((await answer(http, signup, 'POST', '/auth/signup')).status).toBe(501);
});

test('tokens: logout, expiry and a password reset end them; wrong passwords lock the account', async () => {
  const { http, who, token } = await member();
  const logout = await http.post('/api/auth/logout', bearer(token));
  expect((await answer(http, logout, 'POST', '/auth/logout')).body).toEqual({ logged_out: true });
  const after = await http.get('/api/auth/verify', bearer(token));
  expect((await answer(http, after, 'GET', '/auth/verify')).status).toBe(401);

  // Expired: the stored expiry is in the past.
  const login = async () =>
    (await (await http.post('/api/auth/login', json({ email: who.email, password: who.password }))).json())
      .token as string;
  const expiring = await login();
  const writable = new Database(path.join(dataDir('seeded'), 'makerspace.sqlite'));
  writable
    .prepare(
      "update api_tokens set expires_at = '2000-01-01T00:00:00.000Z' where user_id = (select id from users where username = ?)",
    )
    .run(who.username);
  writable.close();
  expect((await http.get('/api/auth/verify', bearer(expiring))).status()).toBe(401);

  // A password reset ends every token.
  const kept = await login();
  expect((await http.get('/api/auth/verify', bearer(kept))).status()).toBe(200);
  await http.post('/forgot-password', { form: { email: who.email } });
  const mail = await waitForMail(who.email, (m) => Boolean(m.link?.includes('oobCode')));
  await http.post(mail.link!, {
    form: { password: 'a-brand-new-pass', confirmPassword: 'a-brand-new-pass' },
  });
  expect((await http.get('/api/auth/verify', bearer(kept))).status()).toBe(401);
  const relogin = await http.post(
    '/api/auth/login',
    json({ email: who.email, password: 'a-brand-new-pass' }),
  );
  expect(relogin.status()).toBe(200);

  // The sign-in form's lock-out: five wrong passwords, then even the right one is refused.
  for (let attempt = 0; attempt < 5; attempt++) {
    const wrong = await http.post('/api/auth/login', json({ email: who.email, password: 'wrong-password' }));
    const { status, body } = await answer(http, wrong, 'POST', '/auth/login');
    expect(status).toBe(401);
    expect(body.error.message).toBe('Invalid email or password');
  }
  const locked = await answer(
    http,
    await http.post('/api/auth/login', json({ email: who.email, password: 'a-brand-new-pass' })),
    'POST',
    '/auth/login',
  );
  expect(locked.status).toBe(429);
  expect(locked.body.error.message).toBe('Too many failed login attempts. Please try again later.');
});

// Not /api, but plain HTTP too: the sign-in form's `from`, which the URL parser normalises.
test('from= never leads a signed-in member off the site, GET or POST', async () => {
  const { http, who } = await member();
  const offSite = [
    '/.//evil.example/x',
    '/x/..//evil.example/x',
    '/%2e//evil.example/x',
    '/\t/evil.example/x',
    '/\\evil.example/x',
    'https://evil.example/x',
  ];
  for (const from of offSite) {
    const posted = await http.post('/login', {
      form: { email: who.email, password: who.password, from },
      maxRedirects: 0,
    });
    expect(posted.status(), from).toBe(302);
    expect(posted.headers().location, from).toBe('/profile');
  }
  for (const from of offSite) {
    const opened = await http.get(`/login?${new URLSearchParams({ from })}`, { maxRedirects: 0 });
    expect(opened.status(), from).toBe(302);
    expect(opened.headers().location, from).toBe('/profile');
  }
  const same = await http.get(`/login?from=${encodeURIComponent('/posts/new?x=1')}`, { maxRedirects: 0 });
  expect(same.headers().location).toBe('/posts/new?x=1');
});

test('CORS is allowed only for API_CORS_ORIGINS', async ({ request }) => {
  const preflight = await request.fetch('/api/page/posts/insert', {
    method: 'OPTIONS',
    headers: {
      Origin: CORS_ORIGIN,
      'Access-Control-Request-Method': 'POST',
      'Access-Control-Request-Headers': 'authorization,content-type',
    },
  });
  expect(preflight.status()).toBe(204);
  expect(preflight.headers()['access-control-allow-origin']).toBe(CORS_ORIGIN);
  expect(preflight.headers()['access-control-allow-headers']).toMatch(/Authorization/);
  const read = await request.get('/api/page/generic/get_projects', { headers: { Origin: CORS_ORIGIN } });
  expect(read.headers()['access-control-allow-origin']).toBe(CORS_ORIGIN);
  const foreign = await request.get('/api/page/generic/get_projects', {
    headers: { Origin: 'https://evil.example' },
  });
  expect(foreign.status()).toBe(200);
  expect(foreign.headers()['access-control-allow-origin']).toBeUndefined();
  // A cross-site POST is not refused by the site's cookie rule (bearer tokens carry no cookie)...
  const crossSite = await request.post('/api/page/posts/insert', {
    ...json({ title: 'x' }),
    headers: {
      'Content-Type': 'application/json',
      Origin: 'https://evil.example',
      'Sec-Fetch-Site': 'cross-site',
    },
  });
  expect(crossSite.status()).toBe(401);
  // ...while the site's own forms still are.
  const form = await request.post('/login', {
    form: { email: 'a@b.ie', password: 'x' },
    headers: { Origin: 'https://evil.example' },
  });
  expect(form.status()).toBe(403);
});

test('booking: resources with their rules, availability without names, book, clash, rules, cancel', async () => {
  const [one, two] = await Promise.all([member(), member()]);
  const { http } = one;
  const resources = await answer(http, await http.get('/api/resources'), 'GET', '/resources');
  const cnc = resources.body.results.find((r: Body) => r.slug === 'cnc-router');
  expect(cnc).toMatchObject({
    induction: { slug: 'cnc', name: 'CNC induction' },
    rules: { min_minutes: 60, max_minutes: 240, buffer_minutes: 15, notice_minutes: 60, max_upcoming: 3 },
  });
  expect(cnc.rules.hours.mon).toMatchObject({ open: expect.stringMatching(/^\d\d:\d\d$/) });
  expect(cnc.rules_text.length).toBeGreaterThan(2);

  const { slug } = await fixtureResource(
    { rules: { noticeMinutes: 60, cancelCutoffMinutes: 120, maxMinutes: 240 } },
    'seeded',
  );
  const availability = (query: string, token?: string) =>
    http.get(`/api/resources/${slug}/availability${query}`, token ? bearer(token) : {});
  const bad = [
    [`?days=15`, 'days'],
    [`?days=0`, 'days'],
    [`?from=2026-02-30`, 'from'],
  ] as const;
  for (const [query, field] of bad) {
    const refused = await answer(http, await availability(query), 'GET', '/resources/{slug}/availability');
    expect(refused.status, query).toBe(422);
    expect(refused.body.error.fields[field]).toBeTruthy();
  }
  const unknown = await http.get('/api/resources/no-such-machine/availability');
  expect((await answer(http, unknown, 'GET', '/resources/{slug}/availability')).status).toBe(404);
  const week = await answer(http, await availability('?days=14'), 'GET', '/resources/{slug}/availability');
  expect(week.body.days).toHaveLength(14);
  const tomorrow = week.body.days[1].slots.find((slot: Body) => slot.time === '10:00');
  expect(tomorrow.state).toBe('free');

  const book = (body: unknown, token = one.token) => http.post('/api/bookings', json(body, token));
  const booked = async (body: unknown, token = one.token) =>
    answer(http, await book(body, token), 'POST', '/bookings');
  // Bad bodies and callers: nothing is booked.
  expect(
    (await http.post('/api/bookings', json({ resource: slug, start: tomorrow.start, minutes: 60 }))).status(),
  ).toBe(401);
  const malformed = await booked({ resource: slug, start: 'tomorrow at ten', minutes: '60', pin: 1 });
  expect(malformed.status).toBe(422);
  expect(Object.keys(malformed.body.error.fields).sort()).toEqual(['minutes', 'pin', 'start']);
  const notJson = await http.post('/api/bookings', {
    data: Buffer.from('{"resource":'),
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${one.token}` },
  });
  expect((await answer(http, notJson, 'POST', '/bookings')).status).toBe(400);
  expect((await booked({ resource: 'no-such-machine', start: tomorrow.start, minutes: 60 })).status).toBe(
    404,
  );
  // The rules, in the pages' words.
  const soon = new Date(Math.ceil((Date.now() + 60_000) / 1_800_000) * 1_800_000).toISOString();
  const tooSoon = await booked({ resource: slug, start: soon, minutes: 60 });
  expect(tooSoon.status).toBe(422);
  expect(tooSoon.body.error).toMatchObject({ code: 'refused', message: 'Book at least 1 hour ahead.' });
  expect((await booked({ resource: slug, start: tomorrow.start, minutes: 300 })).body.error.message).toBe(
    'A booking here lasts at most 4 hours.',
  );

  const made = await booked({
    resource: slug,
    start: tomorrow.start,
    minutes: 60,
    note: 'Jig for the drone',
  });
  expect(made.status).toBe(201);
  expect(made.body).toMatchObject({
    resource: { slug },
    start: tomorrow.start,
    end: new Date(Date.parse(tomorrow.start) + 3_600_000).toISOString(),
    note: 'Jig for the drone',
    status: 'active',
  });
  // Another member (and a visitor) sees it booked, without a name; its owner sees it as theirs.
  const theirs = await answer(
    http,
    await availability('?days=2', two.token),
    'GET',
    '/resources/{slug}/availability',
  );
  const slotOf = (body: Body) => body.days[1].slots.find((slot: Body) => slot.start === tomorrow.start);
  expect(slotOf(theirs.body).state).toBe('booked');
  expect(JSON.stringify(theirs.body)).not.toContain(one.who.username);
  const mine = await answer(
    http,
    await availability('?days=2', one.token),
    'GET',
    '/resources/{slug}/availability',
  );
  expect(slotOf(mine.body).state).toBe('mine');

  // The resource's public feed has the busy time, with no name or note; unchanged, it answers 304.
  const feed = await http.get(`/resources/${slug}/calendar.ics`);
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  expect(feed.headers()['cache-control']).toMatch(/^public/);
  const ics = await feed.text();
  expect(ics).toContain(`DTSTART:${tomorrow.start.replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z')}`);
  for (const secret of [one.who.username, one.who.fullname, 'Jig for the drone'])
    expect(ics).not.toContain(secret);
  const unchanged = await http.get(`/resources/${slug}/calendar.ics`, {
    headers: { 'If-None-Match': feed.headers()['etag'] },
  });
  expect(unchanged.status()).toBe(304);
  expect((await http.get('/resources/no-such-machine/calendar.ics')).status()).toBe(404);

  const clash = await booked({ resource: slug, start: tomorrow.start, minutes: 30 }, two.token);
  expect(clash.status).toBe(409);
  expect(clash.body.error).toMatchObject({ code: 'taken', message: 'That slot was just taken.' });
  expect(clash.body.error.nearest.length).toBeGreaterThan(0);
  expect(clash.body.error.nearest).not.toContain(tomorrow.start);

  const list = await answer(http, await http.get('/api/bookings', bearer(one.token)), 'GET', '/bookings');
  expect(list.body.upcoming.map((b: Body) => b.id)).toEqual([made.body.id]);
  const cancel = (id: string, token: string) => http.post(`/api/bookings/${id}/cancel`, bearer(token));
  // Someone else's booking is not found; past the cutoff it stays.
  expect(
    (await answer(http, await cancel(made.body.id, two.token), 'POST', '/bookings/{id}/cancel')).status,
  ).toBe(404);
  const late = await booked({
    resource: slug,
    start: new Date(Date.parse(soon) + 3_600_000).toISOString(),
    minutes: 30,
  });
  expect(late.status).toBe(201);
  const tooLate = await answer(http, await cancel(late.body.id, one.token), 'POST', '/bookings/{id}/cancel');
  expect(tooLate.status).toBe(422);
  expect(tooLate.body.error.message).toBe('Bookings can be cancelled until 2 hours before they start.');

  const cancelled = await answer(
    http,
    await cancel(made.body.id, one.token),
    'POST',
    '/bookings/{id}/cancel',
  );
  expect(cancelled.body).toMatchObject({ id: made.body.id, status: 'cancelled' });
  expect((await cancel(made.body.id, one.token)).status()).toBe(404);
  // The slot is free again: the other member gets it.
  expect((await booked({ resource: slug, start: tomorrow.start, minutes: 30 }, two.token)).status).toBe(201);
  await Promise.all([one.http.dispose(), two.http.dispose()]);
});

test('at the machine through the API: check in, check out, release late; someone else’s is 404', async () => {
  const [one, two] = await Promise.all([member(), member()]);
  const { http } = one;
  const { slug } = await fixtureResource(
    {
      name: 'API Laser',
      rules: { checkInGraceMinutes: 15, slotMinutes: 15, minMinutes: 15, cancelCutoffMinutes: 24 * 60 },
    },
    'seeded',
  );
  const quarter = 15 * 60_000;
  // A start that can be checked in to for at least 5 more minutes (15 before to 15 after it).
  const thisQuarter = Math.floor(Date.now() / quarter) * quarter;
  const now = new Date(Date.now() - thisQuarter < 10 * 60_000 ? thisQuarter : thisQuarter + quarter);
  const later = new Date(now.getTime() + 8 * quarter);
  const [current, soon] = await Promise.all([
    fixtureBooking(one.who.username, slug, now.toISOString(), 60, 'seeded'),
    fixtureBooking(one.who.username, slug, later.toISOString(), 60, 'seeded'),
  ]);
  const call = async (id: string, action: 'check-in' | 'check-out' | 'release', token = one.token) =>
    answer(
      http,
      await http.post(`/api/bookings/${id}/${action}`, bearer(token)),
      'POST',
      `/bookings/{id}/${action}`,
    );

  expect((await http.post(`/api/bookings/${current}/check-in`)).status()).toBe(401);
  expect((await call(current, 'check-in', two.token)).status).toBe(404);
  expect((await call('not-an-id', 'check-in')).status).toBe(404);
  expect((await call(current, 'check-out')).status).toBe(404);
  const early = await call(soon, 'check-in');
  expect(early.status).toBe(422);
  expect(early.body.error).toMatchObject({
    code: 'refused',
    message: expect.stringMatching(/^Check-in opens at \d\d:\d\d\.$/),
  });

  const inside = await call(current, 'check-in');
  expect(inside.body).toMatchObject({ id: current, status: 'checked_in' });
  expect((await call(current, 'check-in')).body.error.message).toBe('You are checked in.');
  expect((await call(current, 'check-out', two.token)).status).toBe(404);
  expect((await call(current, 'check-out')).body).toMatchObject({ id: current, status: 'checked_out' });
  expect((await call(current, 'check-out')).status).toBe(404);

  // Inside the day's cutoff a cancel is refused; a release gives it back, once.
  expect((await http.post(`/api/bookings/${soon}/cancel`, bearer(one.token))).status()).toBe(422);
  expect((await call(soon, 'release', two.token)).status).toBe(404);
  expect((await call(soon, 'release')).body).toMatchObject({ id: soon, status: 'cancelled' });
  expect((await call(soon, 'release')).status).toBe(404);
  const mine = await answer(http, await http.get('/api/bookings', bearer(one.token)), 'GET', '/bookings');
  expect(mine.body.upcoming).toEqual([]);
  await Promise.all([one.http.dispose(), two.http.dispose()]);
});

test('GET /api/credits answers the caller’s balances and holds; a booking they cannot pay is 422 in words', async () => {
  const one = await member();
  const { http, token } = one;
  const gpu = await fixtureCredits(one.who.username, { perHour: 3, grant: 4 }, 'seeded');
  expect((await http.get('/api/credits')).status()).toBe(401);
  const start = new Date(Date.now() + 3 * 86_400_000);
  start.setUTCHours(10, 0, 0, 0);
  const book = async (minutes: number) =>
    answer(
      http,
      await http.post(
        '/api/bookings',
        json({ resource: gpu.slug, start: start.toISOString(), minutes }, token),
      ),
      'POST',
      '/bookings',
    );
  const short = await book(120);
  const words = `You need 6 ${gpu.credit} for this and have 4.`;
  expect(short.status).toBe(422);
  expect(short.body.error).toEqual({ code: 'refused', message: words, fields: { minutes: [words] } });

  const booked = await book(60);
  expect(booked.status).toBe(201);
  const credits = await answer(http, await http.get('/api/credits', bearer(token)), 'GET', '/credits');
  expect(credits.status).toBe(200);
  expect(credits.body.credits.find((credit: Body) => credit.name === gpu.credit)).toEqual({
    name: gpu.credit,
    unit: 'token',
    monthly_allowance: 0,
    available: 1,
    held: [{ booking: booked.body.id, about: expect.stringMatching(`^${gpu.resource}, `), amount: 3 }],
    expiring: [],
  });
});

test('the waiting list through the API: join, my place, an offer passed, the next taken, leave', async () => {
  const [one, two] = await Promise.all([member(), member()]);
  const { http } = two;
  const { slug } = await fixtureResource({ rules: { cancelCutoffMinutes: 60 } }, 'seeded');
  const at = (hours: number) => {
    const date = new Date(Date.now() + 3 * 86_400_000);
    date.setUTCHours(10 + hours, 0, 0, 0);
    return date.toISOString();
  };
  const book = async (start: string) =>
    (
      await answer(
        http,
        await http.post('/api/bookings', json({ resource: slug, start, minutes: 60 }, one.token)),
        'POST',
        '/bookings',
      )
    ).body.id as string;
  const [first, second] = [await book(at(0)), await book(at(2))];
  const join = async (body: unknown, token: string | null = two.token) =>
    answer(http, await http.post('/api/waitlist', json(body, token ?? undefined)), 'POST', '/waitlist');
  const window = { resource: slug, from: at(0), to: at(3), min_minutes: 60 };

  // Bad bodies and callers: nobody joins.
  expect((await http.post('/api/waitlist', json(window))).status()).toBe(401);
  const bad = [
    [{ ...window, to: at(0) }, 'to', 'The end must be after the start'],
    [{ ...window, min_minutes: 7 }, 'min_minutes', 'Choose a length from 30 to 240 minutes.'],
    [{ ...window, min_minutes: '60' }, 'min_minutes', 'Must be a number of minutes'],
    [{ ...window, from: 'tomorrow' }, 'from', 'Must be an ISO 8601 date and time'],
    [{ ...window, seat: 'A' }, 'seat', 'Unknown field'],
  ] as const;
  for (const [body, field, message] of bad) {
    const refused = await join(body);
    expect(refused.status, field).toBe(422);
    expect(refused.body.error.fields[field], field).toEqual([message]);
  }
  expect((await join({ ...window, resource: 'no-such-machine' })).status).toBe(404);
  const waits = async (token = two.token) =>
    (await answer(http, await http.get('/api/waitlist', bearer(token)), 'GET', '/waitlist')).body.waits;
  expect(await waits()).toEqual([]);

  const joined = await join(window);
  expect(joined.status).toBe(201);
  expect(joined.body).toMatchObject({ resource: { slug }, from: window.from, to: window.to, place: 1 });
  const again = await join(window);
  expect(again.status).toBe(409);
  expect(again.body.error).toEqual({
    code: 'already-waiting',
    message: 'You are already in line for this time.',
  });
  expect(await waits()).toEqual([joined.body]);
  expect(await waits(one.token)).toEqual([]);

  // The first slot freed: the worker offers it to the one in line, who sees it in GET /bookings.
  const offered = async () => {
    let offer: Body | undefined;
    await expect
      .poll(async () => {
        const mine = await answer(
          http,
          await http.get('/api/bookings', bearer(two.token)),
          'GET',
          '/bookings',
        );
        offer = mine.body.upcoming.find((booking: Body) => booking.status === 'offered');
        return offer ? offer.start : null;
      })
      .not.toBeNull();
    return offer!;
  };
  const offerCall = async (id: string, action: 'take' | 'pass', token = two.token) =>
    answer(
      http,
      await http.post(`/api/offers/${id}/${action}`, bearer(token)),
      'POST',
      `/offers/{id}/${action}`,
    );
  await http.post(`/api/bookings/${first}/cancel`, bearer(one.token));
  const firstOffer = await offered();
  expect(firstOffer).toMatchObject({ start: at(0), end: at(1), hold_until: expect.any(String) });
  expect((await offerCall(firstOffer.id, 'take', one.token)).status).toBe(404);
  expect((await http.post(`/api/offers/${firstOffer.id}/take`)).status()).toBe(401);
  expect((await offerCall(firstOffer.id, 'pass')).body).toMatchObject({
    id: firstOffer.id,
    status: 'declined',
    hold_until: null,
  });
  const late = await offerCall(firstOffer.id, 'take');
  expect(late.status).toBe(409);
  expect(late.body.error).toEqual({
    code: 'offer-ended',
    message: 'You passed on this time: it went to the next in line.',
  });
  // Passing keeps the place in line: the second slot freed is offered, and taken.
  expect(await waits()).toEqual([joined.body]);
  await http.post(`/api/bookings/${second}/cancel`, bearer(one.token));
  const secondOffer = await offered();
  expect(secondOffer.start).toBe(at(2));
  expect((await offerCall(secondOffer.id, 'take')).body).toMatchObject({
    id: secondOffer.id,
    status: 'active',
  });
  expect((await offerCall(secondOffer.id, 'pass')).body.error.message).toBe(
    'You took this time: it is in My bookings.',
  );
  // Taking it ended the wait; a new one is left, and leaving twice is 404.
  expect(await waits()).toEqual([]);
  const other = await join({ ...window, from: at(4), to: at(6) });
  const leave = async (id: string, token = two.token) =>
    answer(http, await http.post(`/api/waitlist/${id}/leave`, bearer(token)), 'POST', '/waitlist/{id}/leave');
  expect((await leave(other.body.id, one.token)).status).toBe(404);
  expect((await leave(other.body.id)).body).toEqual({ waits: [] });
  expect((await leave(other.body.id)).status).toBe(404);
  await Promise.all([one.http.dispose(), two.http.dispose()]);
});
