// The Firebase provider's plumbing against a small real HTTP server in the emulator's place: what a
// REST call sends, each refusal as the seam's IdentityError, the time limit, and admin errors.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startBackend, type Backend } from '../../../tests/support/backend';
import { admin, firebaseRest, tokensOf } from './firebase-calls';
import { IdentityError } from './types';

let backend: Backend;
let rest: ReturnType<typeof firebaseRest>;
const toolkit = (method: string) => `POST /identitytoolkit.googleapis.com/v1/${method}?key=the%20key`;
const secureToken = 'POST /securetoken.googleapis.com/v1/token?key=the%20key';

beforeAll(async () => {
  backend = await startBackend();
  rest = firebaseRest({ apiKey: 'the key', emulatorHost: backend.host }, 5000);
});
afterAll(() => backend.close());
afterEach(() => backend.reset());

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => 'answered',
    (error: unknown) =>
      error instanceof IdentityError
        ? { code: error.code, message: error.message }
        : { error: (error as Error).name, message: (error as Error).message },
  );

describe('call', () => {
  it('posts JSON with the API key and answers the JSON', async () => {
    backend.answer(toolkit('accounts:signUp'), { json: { localId: 'u1' } });
    expect(await rest.call('accounts:signUp', { email: 'a@example.ie' })).toEqual({ localId: 'u1' });
    const [request] = backend.received;
    expect(request.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request.body)).toEqual({ email: 'a@example.ie' });
  });

  it('a refusal is the seam’s code for Firebase’s message, its detail naming the method', async () => {
    const refuse = (message: string) =>
      backend.answer(toolkit('accounts:signInWithPassword'), { status: 400, json: { error: { message } } });
    const signIn = () => refusal(rest.call('accounts:signInWithPassword', {}));
    refuse('INVALID_LOGIN_CREDENTIALS');
    expect(await signIn()).toEqual({
      code: 'wrong-password',
      message: 'accounts:signInWithPassword: INVALID_LOGIN_CREDENTIALS',
    });
    refuse('WEAK_PASSWORD : Password should be at least 6 characters');
    expect(await signIn()).toMatchObject({ code: 'weak-password' });
    refuse('SOMETHING_NEW');
    expect(await signIn()).toMatchObject({ code: 'internal' });
    backend.answer(toolkit('accounts:signInWithPassword'), { status: 502, body: '<html>Bad gateway</html>' });
    expect(await signIn()).toEqual({ code: 'internal', message: 'accounts:signInWithPassword: HTTP 502' });
  });

  it('no answer within the time limit fails the call', async () => {
    backend.answer(toolkit('accounts:resetPassword'), { delayMs: 1000, json: {} });
    const started = Date.now();
    const quick = firebaseRest({ apiKey: 'the key', emulatorHost: backend.host }, 200);
    expect(await refusal(quick.call('accounts:resetPassword', {}))).toMatchObject({ error: 'TimeoutError' });
    expect(Date.now() - started).toBeLessThan(900);
  });
});

describe('refresh', () => {
  it('exchanges a refresh token for fresh tokens', async () => {
    backend.answer(secureToken, { json: { id_token: 'id2', refresh_token: 'r2', expires_in: '60' } });
    const tokens = await rest.refresh('r1');
    expect(tokens).toMatchObject({ idToken: 'id2', refreshToken: 'r2' });
    expect(tokens.expiresAt.getTime() - Date.now()).toBeGreaterThan(55_000);
    expect(backend.received[0].headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(backend.received[0].body))).toEqual({
      grant_type: 'refresh_token',
      refresh_token: 'r1',
    });
  });

  it('a refusal or an answer without tokens ends the session; a server error is worth trying again', async () => {
    backend.answer(secureToken, { status: 400, json: { error: { message: 'TOKEN_EXPIRED' } } });
    expect(await refusal(rest.refresh('r1'))).toEqual({
      code: 'user-disabled',
      message: 'securetoken: TOKEN_EXPIRED',
    });
    backend.answer(secureToken, { json: { id_token: 'only-this' } });
    expect(await refusal(rest.refresh('r1'))).toMatchObject({ code: 'user-disabled' });
    backend.answer(secureToken, { status: 503, body: 'busy' });
    expect(await refusal(rest.refresh('r1'))).toEqual({ error: 'Error', message: 'securetoken: HTTP 503' });
  });
});

describe('admin', () => {
  it('an error firebase-admin coded is the seam’s code; anything else passes as it was', async () => {
    const coded = Object.assign(new Error('There is no user record'), { code: 'auth/user-not-found' });
    expect(await refusal(admin(() => Promise.reject(coded)))).toEqual({
      code: 'user-not-found',
      message: 'There is no user record',
    });
    const other = Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
    await expect(admin(() => Promise.reject(other))).rejects.toBe(other);
    expect(await admin(async () => 'ok')).toBe('ok');
  });
});

it('tokensOf reads the REST answer’s lifetime in seconds', () => {
  const tokens = tokensOf({ idToken: 'i', refreshToken: 'r', expiresIn: '3600' });
  expect(Math.round((tokens.expiresAt.getTime() - Date.now()) / 1000)).toBe(3600);
});
