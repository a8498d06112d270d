// Sessions on the real store (SQLite, and PostgreSQL in the second unit run), with an https
// PUBLIC_URL: the cookie's name and attributes, and the absolute lifetime beside the rolling one.
import { afterAll, expect, test } from 'vitest';

process.env.PUBLIC_URL = 'https://makerspace.example.ie';
const { config } = await import('./config');
const { db } = await import('./db');
const { newMember } = await import('../../tests/support/store-fixtures');
const { getUser, startSession } = await import('./session');
afterAll(() => db.destroy());

async function signedIn() {
  const { id } = await newMember(db, 'sess');
  const setCookie = (await startSession(id, '/profile')).headers.get('Set-Cookie')!;
  const request = new Request(`${config.PUBLIC_URL}/profile`, {
    headers: { Cookie: setCookie.split(';')[0] },
  });
  return { id, setCookie, request };
}

test('under https the session cookie is __Host-: Secure, Path=/, no Domain', async () => {
  expect(config.PUBLIC_URL).toBe('https://makerspace.example.ie');
  const { id, setCookie, request } = await signedIn();
  expect(setCookie).toMatch(/^__Host-session=/);
  expect(setCookie).toMatch(/; Secure/);
  expect(setCookie).toMatch(/; Path=\/(;|$)/);
  expect(setCookie).not.toMatch(/Domain=/i);
  expect((await getUser(request))?.id).toBe(id);
  // The plain name (what an http site, or an older version, set) is not read under https.
  const plain = new Request(request.url, {
    headers: { Cookie: request.headers.get('Cookie')!.replace('__Host-session=', '__session=') },
  });
  expect(await getUser(plain)).toBeNull();
});

test('a session in use ends 30 days after sign-in, though its rolling expiry is still ahead', async () => {
  const { id, request } = await signedIn();
  const day = 24 * 60 * 60 * 1000;
  const sessionOf = () => db.selectFrom('sessions').select('id').where('user_id', '=', id).executeTakeFirst();
  // Used every day for 29 days: still signed in.
  await db
    .updateTable('sessions')
    .set({
      created_at: new Date(Date.now() - 29 * day).toISOString(),
      expires_at: new Date(Date.now() + 29 * day).toISOString(),
    })
    .where('user_id', '=', id)
    .execute();
  expect((await getUser(request))?.id).toBe(id);
  // A day later the row's expiry has rolled ahead again, but sign-in was 30 days ago.
  await db
    .updateTable('sessions')
    .set({
      created_at: new Date(Date.now() - 30 * day - 60_000).toISOString(),
      expires_at: new Date(Date.now() + 29 * day).toISOString(),
    })
    .where('user_id', '=', id)
    .execute();
  expect(await getUser(request)).toBeNull();
  expect(await sessionOf()).toBeUndefined();
});
