// The server half of /register (docs/product.md §2, §4, §5). Step 1's fields, password included,
// wait between the steps in an encrypted, HTTP-only cookie for 30 minutes, never in a hidden field
// (docs/decisions/005-sealed-registration-cookie.md).
import crypto from 'node:crypto';
import { parseWithZod } from '@conform-to/zod';
import { redirect, type AppLoadContext } from '@remix-run/node';
import type { HoneypotInputProps } from 'remix-utils/honeypot/server';
import { RegisterStep1Schema, RegisterStep2Schema, type RegisterStep1 } from '~/lib/schemas';
import { store, InviteError } from './store';
import {
  discardUploads,
  formReply,
  FORM_LIMITS,
  normalizeListField,
  parseForm,
  readForm,
  tooLarge,
} from './forms';
import { honeypot, isSpam } from './honeypot';
import { identity, IdentityError, identityMessage } from './identity';
import {
  attemptAll,
  hit,
  inviteGuessLimit,
  LIMITS,
  TOO_MANY_GUESSES,
  withinAddressLimit,
} from './rate-limit';
import { sealedCookie } from './sealed-cookie';
import { isChosen, prepareImageFields } from './uploads';

export interface RegistrationDraft extends RegisterStep1 {
  /** names the draft's count of stored images (absent in drafts made before it was added) */
  draftId?: string;
  /** images uploaded on step 2 before it validated, kept so they are not chosen twice */
  avatarId: string | null;
  bannerId: string | null;
}

const draftCookie = sealedCookie<RegistrationDraft>('__register', 30 * 60);
const readDraft = draftCookie.read;

/** What /register shows: one of its three views, with only what that view needs. */
export type RegisterView =
  | {
      step: 'details';
      typed: Omit<RegisterStep1, 'password' | 'confirmPassword'> | null;
      honeypot: HoneypotInputProps;
    }
  | { step: 'profile'; chosen: { avatar: boolean; banner: boolean } }
  | { step: 'done'; email: string };

export async function registerView(request: Request): Promise<RegisterView> {
  const url = new URL(request.url);
  if (url.searchParams.has('done'))
    return { step: 'done', email: url.searchParams.get('email')?.slice(0, 254) ?? '' };
  const draft = await readDraft(request);
  if (url.searchParams.get('step') === '2') {
    if (!draft) throw redirect('/register');
    return { step: 'profile', chosen: { avatar: Boolean(draft.avatarId), banner: Boolean(draft.bannerId) } };
  }
  // Back on step 1: what was typed comes back, except the passwords. A link an admin handed out
  // (/register?invite=KEY) fills in the key.
  const invite = url.searchParams.get('invite')?.trim().slice(0, 100);
  const typed = draft
    ? { email: draft.email, username: draft.username, fullname: draft.fullname, inviteKey: draft.inviteKey }
    : invite
      ? { email: '', username: '', fullname: '', inviteKey: invite }
      : null;
  return { step: 'details', typed, honeypot: honeypot.getInputProps() };
}

const hidePasswords = { hideFields: ['password', 'confirmPassword'] };

/** Step 1: checks the fields, uniqueness and the invite key, then keeps them in the draft. */
export async function registerDetails(request: Request, context: AppLoadContext) {
  const formData = await readForm(request);
  if (!formData) return tooLarge(FORM_LIMITS.text);
  const submission = parseWithZod(formData, { schema: RegisterStep1Schema });
  if (isSpam(formData))
    return formReply(
      submission.reply({ formErrors: ['Error: Registration failed. Please try again.'], ...hidePasswords }),
    );
  if (submission.status !== 'success') return formReply(submission.reply(hidePasswords));

  const { email, username, inviteKey } = submission.value;
  // Wrong keys count towards a limit, so keys cannot be guessed by trying many. The attempt is
  // counted before the key is looked at, and past the limit no key is looked at: a right one
  // would otherwise still lead on. A right key gives its attempt back.
  const guess = await attemptAll([inviteGuessLimit(context)]);
  const [emailIsTaken, usernameIsTaken, invite] = await Promise.all([
    store.accounts.emailTaken(email),
    store.accounts.usernameTaken(username),
    guess.allowed ? store.accounts.inviteState(inviteKey) : null,
  ]);
  const fieldErrors: Record<string, string[]> = {};
  if (emailIsTaken) fieldErrors.email = ['Email is already registered'];
  if (usernameIsTaken) fieldErrors.username = ['Username is already taken'];
  if (!invite) fieldErrors.inviteKey = [TOO_MANY_GUESSES];
  else if (invite === 'ok') await guess.refund();
  else fieldErrors.inviteKey = [new InviteError(invite).message];
  if (Object.keys(fieldErrors).length) return formReply(submission.reply({ fieldErrors, ...hidePasswords }));

  const previous = await readDraft(request);
  const draft = {
    ...submission.value,
    draftId: previous?.draftId ?? crypto.randomUUID(),
    avatarId: previous?.avatarId ?? null,
    bannerId: previous?.bannerId ?? null,
  };
  return redirect('/register?step=2', { headers: { 'Set-Cookie': await draftCookie.write(draft) } });
}

/**
 * docs/product.md §5: at the final step of registration (the form's step 2, the API's signup),
 * both uniqueness checks run again, in parallel, before anything is created.
 */
export async function nameConflicts(email: string, username: string) {
  const [emailIsTaken, usernameIsTaken] = await Promise.all([
    store.accounts.emailTaken(email),
    store.accounts.usernameTaken(username),
  ]);
  if (emailIsTaken) return { field: 'email', message: 'Email already registered' } as const;
  if (usernameIsTaken) return { field: 'username', message: 'Username already taken' } as const;
  return null;
}

const IMAGE_FIELDS = ['avatar', 'banner'] as const;

/**
 * One more image for this draft, counted before it is re-encoded and stored: per draft (kept in
 * the database, since the draft's cookie can be sent again) and per address, in the bucket of
 * /api uploads.
 */
async function mayStoreImage(draft: RegistrationDraft, context: AppLoadContext) {
  return (
    (await hit(`register-images:${draft.draftId ?? draft.email}`, LIMITS.registrationImagesPerDraft)) &&
    (await withinAddressLimit(context, 'upload', LIMITS.uploadsPerAddress))
  );
}

/** Step 2: bio, qualifications and images, then the identity account and the member. */
export async function registerProfile(request: Request, context: AppLoadContext) {
  const draft = await readDraft(request);
  if (!draft) throw redirect('/register');
  const formData = await readForm(request, FORM_LIMITS.member);
  if (!formData) return tooLarge(FORM_LIMITS.member);
  try {
    const qualificationRows = normalizeListField(formData, 'qualifications');
    const { submission, refused } = parseForm(qualificationRows, RegisterStep2Schema, FORM_LIMITS.member);
    if (refused) return refused;

    // Images chosen on this step are stored at once, so a validation error does not lose them; each
    // replaces the draft's earlier one, and a draft stores only so many.
    const fieldErrors: Record<string, string[]> = {};
    const allowed: (typeof IMAGE_FIELDS)[number][] = [];
    for (const name of IMAGE_FIELDS) {
      if (!isChosen(formData.get(name))) continue;
      if (await mayStoreImage(draft, context)) allowed.push(name);
      else fieldErrors[name] = ['Too many uploads. Please try again later.'];
    }
    const prepared = await prepareImageFields(formData, allowed);
    Object.assign(fieldErrors, prepared.errors);
    const images = { avatar: draft.avatarId, banner: draft.bannerId };
    for (const name of allowed) {
      const asset = prepared.images[name];
      if (!asset) continue;
      const replaced = images[name];
      images[name] = await store.assets.save(null, asset);
      if (replaced)
        await store.assets
          .discardUpload(replaced)
          .catch((error) => console.error('Removing a replaced registration image failed:', error));
    }
    const headers = {
      'Set-Cookie': await draftCookie.write({ ...draft, avatarId: images.avatar, bannerId: images.banner }),
    };

    if (!images.avatar && !fieldErrors.avatar && submission.status === 'success')
      fieldErrors.avatar = ['Please choose an avatar image'];
    if (submission.status !== 'success' || Object.keys(fieldErrors).length)
      return formReply(submission.reply({ fieldErrors }), 400, headers);

    const fail = (message: string) =>
      formReply(submission.reply({ formErrors: [`Error: ${message}`] }), 400, headers);
    if (!(await withinAddressLimit(context, 'register', LIMITS.registrationsPerAddress))) {
      return fail(identityMessage('register', new IdentityError('too-many-requests')));
    }
    const conflict = await nameConflicts(draft.email, draft.username);
    if (conflict) return fail(conflict.message);

    let account: Awaited<ReturnType<typeof identity.createAccount>>;
    try {
      account = await identity.createAccount(draft.email, draft.password);
    } catch (error) {
      return fail(identityMessage('register', error));
    }
    const { uid } = account;
    try {
      await store.accounts.signUp({
        uid,
        email: draft.email,
        username: draft.username,
        fullname: draft.fullname,
        bio: submission.value.bio,
        qualifications: submission.value.qualifications,
        avatarId: images.avatar,
        bannerId: images.banner,
        inviteKey: draft.inviteKey,
        token: account.tokens?.idToken ?? null,
      });
    } catch (error) {
      // docs/product.md §4: nothing is left behind when sign-up fails after the identity account exists.
      await identity.deleteAccount(uid);
      if (error instanceof InviteError) return fail(error.message);
      console.error('Registration failed:', error);
      return fail('Registration failed. Please try again.');
    }
    return redirect(`/register?${new URLSearchParams({ done: '1', email: draft.email })}`, {
      headers: { 'Set-Cookie': await draftCookie.clear() },
    });
  } finally {
    // Temp upload files go, whatever happened (the stored ones were moved into the store).
    discardUploads(formData);
  }
}
