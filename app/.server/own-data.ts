// What members can do with their own data on /profile (docs/product.md §2): leave the directory,
// read why an admin removed a post of theirs, download it all, and delete their account.
// Only with the site's own store; in front of a backend (API_URL) the backend holds it.
import { createReadableStreamFromReadable, redirect, type AppLoadContext } from '@remix-run/node';
import { notFound } from './http';
import { parseWithZod } from '@conform-to/zod';
import { logAuthEvent } from './auth-log';
import { config } from './config';
import { db } from './db';
import { formReply, FORM_LIMITS, readForm, tooLarge } from './forms';
import { ownAccountConfirmation, removeMember } from './account-removal';
import { memberData, zipStream } from './data-export';
import { requireUser, signOut } from './session';
import { passwordSignIn } from './sign-in';
import { removalNotices } from './admin/moderation';
import { DeleteAccountSchema, DirectoryListingSchema } from '~/lib/schemas';
import { usernameKey } from '~/lib/username';
import { longDate } from '~/lib/dates';

export const ownDataAvailable = !config.API_URL;

/** What /profile shows about the member's standing: null in front of a backend. */
export async function ownSettings(memberId: string) {
  if (!ownDataAvailable) return null;
  const [member, removals] = await Promise.all([
    db.selectFrom('users').select('hidden').where('id', '=', memberId).executeTakeFirstOrThrow(),
    removalNotices(db, memberId),
  ]);
  // The day in words here, so the page's bundle need not format dates for it.
  return {
    hidden: member.hidden === 1,
    removals: removals.map((removal) => ({ ...removal, removedOn: longDate(removal.removed_at) })),
  };
}

/** 'Hide me from the directory' and back: the choice is saved, then /profile says which it is. */
export async function setDirectoryListing(request: Request) {
  const user = await requireUser(request);
  if (!ownDataAvailable) notFound();
  const formData = await readForm(request);
  if (!formData) return tooLarge(FORM_LIMITS.text);
  const submission = parseWithZod(formData, { schema: DirectoryListingSchema });
  if (submission.status !== 'success') return formReply(submission.reply());
  const hidden = submission.value.hidden === '1';
  await db
    .updateTable('users')
    .set({ hidden: hidden ? 1 : 0 })
    .where('id', '=', user.id)
    .execute();
  return redirect(`/profile?listing=${hidden ? 'hidden' : 'listed'}#directory-heading`);
}

/** What /profile/delete asks for: the member's password, or their username when they have none. */
export async function deleteAccountView(request: Request) {
  const user = await requireUser(request);
  if (!ownDataAvailable) notFound();
  return { username: user.username, confirm: await ownAccountConfirmation(db, user.id) };
}

/** Checks the confirmation, erases the member, ends the session and says it is done. */
export async function deleteOwnAccount(request: Request, context: AppLoadContext) {
  const user = await requireUser(request);
  if (!ownDataAvailable) notFound();
  const formData = await readForm(request);
  if (!formData) return tooLarge(FORM_LIMITS.text);
  const submission = parseWithZod(formData, { schema: DeleteAccountSchema });
  const hide = { hideFields: ['confirmation'] };
  if (submission.status !== 'success') return formReply(submission.reply(hide));
  const refuse = (message: string, status = 400) =>
    formReply(submission.reply({ fieldErrors: { confirmation: [message] }, ...hide }), status);
  const { confirmation } = submission.value;
  if ((await ownAccountConfirmation(db, user.id)) === 'password') {
    const checked = await passwordSignIn(user.email, confirmation, context);
    if (!checked.ok)
      return refuse(checked.status === 429 ? checked.message : 'Password is incorrect', checked.status);
    if (checked.member.id !== user.id) return refuse('Password is incorrect');
  } else if (usernameKey(confirmation) !== usernameKey(user.username)) {
    return refuse('That is not your username');
  }
  await removeMember(db, user.id, null);
  logAuthEvent('account-deleted', { member: user.id, address: context.clientAddress });
  // The session row went with the member; this clears the cookie too.
  return signOut(request, '/profile/delete?done=1');
}

/** The member's data as one ZIP download (docs/product.md §2 'Download my data'). */
export async function exportOwnData(request: Request) {
  const user = await requireUser(request);
  if (!ownDataAvailable) notFound();
  const archive = await memberData(db, user.id, config.PUBLIC_URL);
  if (!archive) notFound();
  const name = `makerspace-${archive.username.toLowerCase()}-${new Date().toISOString().slice(0, 10)}.zip`;
  return new Response(createReadableStreamFromReadable(await zipStream(archive)), {
    headers: {
      'Content-Type': 'application/zip',
      'Content-Disposition': `attachment; filename="${name}"`,
      'Cache-Control': 'private, no-store',
    },
  });
}
