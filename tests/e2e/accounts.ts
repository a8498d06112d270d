// Account helpers: through the pages exactly as a person would (JS on or off), or, for journeys
// that only need a member, through the same /register forms over plain HTTP.
import crypto from 'node:crypto';
import sharp from 'sharp';
import { expect, request as http, type APIRequestContext, type Page } from '@playwright/test';
import { admin, journeyInviteKey } from '../support/admin';
import { baseUrl, currentServer } from '../support/servers';

export interface NewMember {
  email: string;
  username: string;
  fullname: string;
  password: string;
}

export function freshMember(overrides: Partial<NewMember> = {}): NewMember {
  const id = crypto.randomBytes(4).toString('hex');
  return {
    email: `maker.${id}@example.ie`,
    username: `maker_${id}`,
    fullname: `Maker ${id.toUpperCase()}`,
    password: 'solder-fumes-42',
    ...overrides,
  };
}

export const pngBytes = (colour = '#0f766e', width = 256, height = 256) =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();

/** A PNG as a file field or a multipart request takes it. */
export const pngFile = async (name: string, ...image: Parameters<typeof pngBytes>) => ({
  name,
  mimeType: 'image/png',
  buffer: await pngBytes(...image),
});

export async function fillStepOne(page: Page, member: NewMember, inviteKey: string) {
  await page.getByLabel('Email', { exact: true }).fill(member.email);
  await page.getByLabel('Username', { exact: true }).fill(member.username);
  await page.getByLabel('Full name', { exact: true }).fill(member.fullname);
  await page.getByLabel('Password', { exact: true }).fill(member.password);
  await page.getByLabel('Confirm password', { exact: true }).fill(member.password);
  await page.getByLabel('Invite key', { exact: true }).fill(inviteKey);
}

/** Fills registration step 1 and continues to step 2. */
export async function reachStepTwo(page: Page, member = freshMember(), inviteKey?: string, base = '') {
  await page.goto(`${base}/register`);
  await fillStepOne(page, member, inviteKey ?? (await journeyInviteKey()));
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Profile Details' })).toBeVisible();
  return member;
}

/** Registers through both steps and lands on /login; returns the member. */
export async function register(page: Page, member = freshMember(), inviteKey?: string, base = '') {
  await reachStepTwo(page, member, inviteKey, base);
  await page.getByLabel('Bio').fill(`I build things at the lab. ${member.fullname}.`);
  await page.getByLabel('Qualification 1', { exact: true }).fill('Electronics Engineer');
  await page.getByLabel('Avatar').setInputFiles(await pngFile('me.png'));
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByRole('heading', { name: 'Registration Successful' })).toBeVisible();
  await expect(page).toHaveURL(/\/login\?/, { timeout: 10_000 });
  return member;
}

export async function signIn(page: Page, member: Pick<NewMember, 'email' | 'password'>, path = '/login') {
  await page.goto(path);
  await page.getByLabel('Email', { exact: true }).fill(member.email);
  await page.getByLabel('Password', { exact: true }).fill(member.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** Signs in at the local OpenID issuer's own login and consent pages (plain HTML forms). */
export async function signInAtIssuer(page: Page, login: string) {
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('anything');
  await page.locator('button[type="submit"]').click();
  // Consent, the first time this account sees the client.
  const consent = page.locator('button[type="submit"]', { hasText: /continue|authorize|allow/i });
  await consent.or(page.locator('main#main')).first().waitFor();
  if (await consent.isVisible()) await consent.click();
}

/** Registers a member through the site's own /register forms over plain HTTP (no browser). */
export async function registerOverHttp(
  request: APIRequestContext,
  member: NewMember,
  inviteKey: string,
  avatar: Buffer,
) {
  const html = await (await request.get('/register')).text();
  const honeypot: Record<string, string> = {};
  for (const [tag] of html.matchAll(/<input[^>]*__confirm[^>]*>/g)) {
    const name = /name="([^"]+)"/.exec(tag)![1];
    honeypot[name] = /value="([^"]*)"/.exec(tag)?.[1].replace(/&amp;/g, '&') ?? '';
  }
  const step1 = await request.post('/register', {
    form: {
      email: member.email,
      username: member.username,
      fullname: member.fullname,
      password: member.password,
      confirmPassword: member.password,
      inviteKey,
      ...honeypot,
    },
  });
  expect(step1.url()).toContain('step=2');
  const step2 = await request.post('/register?step=2', {
    multipart: {
      bio: `I build things at the lab. ${member.fullname}.`,
      'qualifications[0]': 'Electronics Engineer',
      avatar: { name: 'me.png', mimeType: 'image/png', buffer: avatar },
    },
  });
  expect(step2.url()).toContain('done=1');
}

/**
 * A new member registered over HTTP: registration's own journeys go through its pages; the rest
 * only need someone to sign in as, and this is a third of the time.
 */
export async function registered(member = freshMember(), inviteKey?: string) {
  const base = baseUrl(currentServer());
  const client = await http.newContext({ baseURL: base, extraHTTPHeaders: { Origin: base } });
  try {
    await registerOverHttp(client, member, inviteKey ?? (await journeyInviteKey()), await pngBytes());
  } finally {
    await client.dispose();
  }
  return member;
}

/**
 * Signs in through the /login form's action over HTTP, in the page's own context, so the session
 * cookie lands in the browser's jar; then opens /profile. Journeys about signing in use signIn.
 */
async function signInOverHttp(page: Page, member: Pick<NewMember, 'email' | 'password'>) {
  const response = await page.request.post('/login', {
    form: { email: member.email, password: member.password },
    maxRedirects: 0,
  });
  expect(response.headers().location, await response.text()).toBe('/profile');
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/profile$/);
}

/** A new member, registered and signed in, on /profile. */
export async function signedIn(page: Page): Promise<NewMember> {
  const member = await registered();
  await signInOverHttp(page, member);
  return member;
}

/** A new member with the admin role, signed in, on /profile. */
export async function signedInAdmin(page: Page): Promise<NewMember> {
  const member = await registered();
  expect(await admin(currentServer(), 'member', 'promote', member.username)).toBe(
    `@${member.username} is now an admin`,
  );
  await signInOverHttp(page, member);
  return member;
}
