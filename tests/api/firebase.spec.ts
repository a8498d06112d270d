// The /api contract with IDENTITY_PROVIDER=firebase on the real Auth emulator: bearer tokens are
// Firebase ID tokens (checked with revocation), and sign-up takes one, as the original backend does.
import { test, expect } from '@playwright/test';
import { newInviteKey } from '../support/admin';
import { EMULATOR_API_KEY } from '../support/firebase-emulator';
import { emulatorAuth } from '../support/firebase-accounts';
import { serverPort } from '../support/servers';
import { freshMember, pngFile } from '../e2e/accounts';
import { answer, bearer, json } from './contract';

/** A new emulator account and its ID token, as the makerspace's own app would get them. */
async function firebaseSignUp(email: string, password: string) {
  const response = await fetch(
    `http://127.0.0.1:${serverPort('firebase', 'auth')}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=${EMULATOR_API_KEY}`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password, returnSecureToken: true }),
    },
  );
  expect(response.status).toBe(200);
  return (await response.json()) as { idToken: string; localId: string };
}

test('sign-up with a Firebase ID token: invite checked and consumed, then the token writes', async ({
  request,
}) => {
  const who = freshMember();
  const { idToken, localId } = await firebaseSignUp(who.email, who.password);
  // The account exists but is no member yet: member calls refuse it, uploads take it.
  const notYet = await request.get('/api/auth/verify', bearer(idToken));
  expect((await answer(request, notYet, 'GET', '/auth/verify')).status).toBe(403);
  const avatar = await answer(
    request,
    await request.post('/api/assets/upload/me.png', {
      ...bearer(idToken),
      multipart: { file: await pngFile('me.png') },
    }),
    'POST',
    '/assets/upload/{filename}',
  );
  const body = {
    email: who.email,
    username: who.username,
    fullname: who.fullname,
    invite_key: 'not-a-real-key',
    description: 'I make sensors.',
    qualifications: ['PhD Physics', ''],
    avatar_id: avatar.body.id,
  };
  const badKey = await answer(
    request,
    await request.post('/api/auth/signup', json(body, idToken)),
    'POST',
    '/auth/signup',
  );
  expect(badKey.status).toBe(422);
  expect(badKey.body.error.fields.invite_key).toEqual(['This invite key is not valid']);
  const otherEmail = await request.post(
    '/api/auth/signup',
    json({ ...body, email: 'someone.else@example.ie' }, idToken),
  );
  expect((await answer(request, otherEmail, 'POST', '/auth/signup')).body.error.fields.email).toBeTruthy();

  const key = await newInviteKey('firebase');
  const created = await answer(
    request,
    await request.post('/api/auth/signup', json({ ...body, invite_key: key }, idToken)),
    'POST',
    '/auth/signup',
  );
  expect(created.body).toMatchObject({
    username: who.username,
    qualifications: ['PhD Physics'],
    avatar: { id: avatar.body.id },
  });
  const again = await request.post('/api/auth/signup', json({ ...body, invite_key: key }, idToken));
  expect((await answer(request, again, 'POST', '/auth/signup')).status).toBe(409);
  const reused = freshMember();
  const second = await firebaseSignUp(reused.email, reused.password);
  const used = await request.post(
    '/api/auth/signup',
    json({ ...body, email: reused.email, username: reused.username, invite_key: key }, second.idToken),
  );
  const usedAnswer = await answer(request, used, 'POST', '/auth/signup');
  expect(usedAnswer.body.error.fields.avatar_id ?? usedAnswer.body.error.fields.invite_key).toBeTruthy();

  // An upload made before sign-up is only for the account that made it.
  const strangerMember = freshMember();
  const stranger = await firebaseSignUp(strangerMember.email, strangerMember.password);
  const strangers = await answer(
    request,
    await request.post('/api/assets/upload/theirs.png', {
      ...bearer(stranger.idToken),
      multipart: { file: await pngFile('theirs.png', '#111111') },
    }),
    'POST',
    '/assets/upload/{filename}',
  );
  const borrowed = await request.post(
    '/api/auth/signup',
    json(
      {
        ...body,
        email: reused.email,
        username: reused.username,
        invite_key: await newInviteKey('firebase'),
        avatar_id: strangers.body.id,
      },
      second.idToken,
    ),
  );
  const borrowedAnswer = await answer(request, borrowed, 'POST', '/auth/signup');
  expect(borrowedAnswer.status).toBe(422);
  expect(borrowedAnswer.body.error.fields.avatar_id).toEqual(['No upload of yours has this id.']);

  const verify = await answer(
    request,
    await request.get('/api/auth/verify', bearer(idToken)),
    'GET',
    '/auth/verify',
  );
  expect(verify.body.username).toBe(who.username);
  const post = await answer(
    request,
    await request.post('/api/page/posts/insert', json({ title: 'Firebase post' }, idToken)),
    'POST',
    '/page/posts/insert',
  );
  expect(post.body.title).toBe('Firebase post');

  // /api/auth/login hands out the Firebase ID token itself.
  const login = await answer(
    request,
    await request.post('/api/auth/login', json({ email: who.email, password: who.password })),
    'POST',
    '/auth/login',
  );
  expect(login.body.token.split('.').length).toBe(3);
  expect((await request.get('/api/auth/verify', bearer(login.body.token))).status()).toBe(200);

  // Revoked (as a password change or an admin does): every token issued before is refused.
  await new Promise((resolve) => setTimeout(resolve, 1100));
  await emulatorAuth().revokeRefreshTokens(localId);
  const revoked = await request.post('/api/page/posts/insert', json({ title: 'After revocation' }, idToken));
  expect((await answer(request, revoked, 'POST', '/page/posts/insert')).status).toBe(401);
  const mine = await request.post('/api/page/posts/get_by_user', json({ username: who.username }));
  expect((await mine.json()).posts.map((p: { title: string }) => p.title)).toEqual(['Firebase post']);
  const garbage = await request.get('/api/auth/verify', bearer('eyJhbGciOiJub25lIn0.e30.'));
  expect((await answer(request, garbage, 'GET', '/auth/verify')).status).toBe(401);
});
