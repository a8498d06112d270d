// Registration step 2 through the server code, on the real store (SQLite, and PostgreSQL in the
// second unit run): the images of a failed submit replace the draft's earlier ones, files and all,
// and one draft can store only so many, even when its cookie is sent again.
import crypto from 'node:crypto';
import fs from 'node:fs';
import type { AppLoadContext } from '@remix-run/node';
import sharp from 'sharp';
import { afterAll, expect, test } from 'vitest';
import { createInvite } from './store/invites';
import { files } from './assets';
import { db } from './db';
import { honeypot } from './honeypot';
import { LIMITS } from './rate-limit';
import { registerDetails, registerProfile } from './registration';

afterAll(() => db.destroy());

const context = {} as AppLoadContext;

const png = (colour: string) =>
  sharp({ create: { width: 32, height: 32, channels: 3, background: colour } })
    .png()
    .toBuffer();

/** The Set-Cookie of an action's answer (a Response, or Remix's data() with headers). */
function setCookie(answer: unknown) {
  const headers =
    answer instanceof Response
      ? answer.headers
      : new Headers((answer as { init?: { headers?: HeadersInit } }).init?.headers);
  return headers.get('Set-Cookie')?.split(';')[0] ?? null;
}

const statusOf = (answer: unknown) =>
  answer instanceof Response ? answer.status : (answer as { init?: { status?: number } }).init?.status;

const errorsOf = (answer: unknown) =>
  (answer as { data: { result: { error?: Record<string, string[]> } } }).data.result.error ?? {};

/** Step 1 as a person sends it; the answer's cookie holds the draft. */
async function step1() {
  const username = `reg_${crypto.randomBytes(4).toString('hex')}`;
  const form = new FormData();
  const trap = await honeypot.getInputProps();
  form.append(trap.nameFieldName, '');
  form.append(trap.validFromFieldName!, trap.encryptedValidFrom ?? '');
  form.append('email', `${username}@example.ie`);
  form.append('username', username);
  form.append('fullname', 'New Member');
  form.append('password', 'engine-notes');
  form.append('confirmPassword', 'engine-notes');
  form.append('inviteKey', await createInvite(db, {}, 'cli'));
  const answer = await registerDetails(
    new Request('http://localhost/register', { method: 'POST', body: form }),
    context,
  );
  expect(statusOf(answer)).toBe(302);
  return { cookie: setCookie(answer)!, tag: username };
}

/** Step 2 with `bio` and images named `{tag}-{name}.png`. */
async function step2(cookie: string, tag: string, bio: string, images: Record<string, string>) {
  const form = new FormData();
  form.append('bio', bio);
  for (const [field, name] of Object.entries(images))
    form.append(
      field,
      new File([await png(`#${crypto.randomBytes(3).toString('hex')}`)], `${tag}-${name}.png`),
    );
  return registerProfile(
    new Request('http://localhost/register?step=2', {
      method: 'POST',
      body: form,
      headers: { Cookie: cookie },
    }),
    context,
  );
}

/** The stored images of one test, by the names they were sent with. */
const stored = async (tag: string) =>
  (
    await db
      .selectFrom('assets')
      .select(['id', 'filename', 'owner_id'])
      .where('filename', 'like', `${tag}-%`)
      .orderBy('filename')
      .execute()
  ).map((row) => ({ ...row, onDisk: fs.existsSync(files.workDir(row.id)) }));

test('a failed step 2 replaces the images of the one before, rows and files', async () => {
  const { cookie, tag } = await step1();
  const first = await step2(cookie, tag, '', { avatar: 'a1', banner: 'b1' });
  expect(statusOf(first)).toBe(400);
  const firstImages = await stored(tag);
  expect(firstImages.map((row) => row.filename)).toEqual([`${tag}-a1.png`, `${tag}-b1.png`]);

  const second = await step2(setCookie(first)!, tag, '', { avatar: 'a2' });
  expect(statusOf(second)).toBe(400);
  expect((await stored(tag)).map((row) => row.filename)).toEqual([`${tag}-a2.png`, `${tag}-b1.png`]);
  expect(fs.existsSync(files.workDir(firstImages[0].id))).toBe(false);

  // The draft keeps what it has when nothing new is chosen, and the member gets the latest images.
  const done = await step2(setCookie(second)!, tag, 'Hello', {});
  expect(statusOf(done)).toBe(302);
  const member = await db
    .selectFrom('users')
    .select(['id', 'avatar_id', 'banner_id'])
    .where('username', '=', tag)
    .executeTakeFirstOrThrow();
  const final = await stored(tag);
  expect(final).toHaveLength(2);
  expect(final).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ id: member.avatar_id, owner_id: member.id, onDisk: true }),
      expect.objectContaining({ id: member.banner_id, owner_id: member.id, onDisk: true }),
    ]),
  );

  // The draft's cookie sent again after sign-up cannot delete what is now the member's.
  const replay = await step2(setCookie(second)!, tag, '', { avatar: 'a3', banner: 'b3' });
  expect(statusOf(replay)).toBe(400);
  const after = await stored(tag);
  expect(after.filter((row) => row.owner_id === member.id && row.onDisk)).toHaveLength(2);
});

test('one draft stores only so many images, however often its cookie is sent', async () => {
  const { cookie, tag } = await step1();
  const max = LIMITS.registrationImagesPerDraft.max;
  let refused: unknown = null;
  for (let round = 0; round <= max / 2 && !refused; round++) {
    // The same first cookie every time: what it names is not what was stored since.
    const answer = await step2(cookie, tag, '', { avatar: `a${round}`, banner: `b${round}` });
    if (errorsOf(answer).avatar?.includes('Too many uploads. Please try again later.')) refused = answer;
  }
  expect(refused).not.toBeNull();
  expect(errorsOf(refused).banner).toEqual(['Too many uploads. Please try again later.']);
  expect((await stored(tag)).length).toBeLessThanOrEqual(max);
});
