// Every call of docs/product.md §7 under /api, as a table: method, path, who may call it, the zod
// schemas of its body and answer, and its handler. handle.ts dispatches from this table and
// openapi.ts documents it, so neither can miss a call. Handlers reach the store only through the
// API seam, with the same rules as the forms (ownership, invite keys, upload checks, limits).
import type { AppLoadContext } from '@remix-run/node';
import type { z } from 'zod';
import { store, InviteError, type Caller } from '../store';
import { IMAGE_LIMIT_BYTES, isImageType, prepareAsset, sniffSource, AssetError } from '../assets';
import { discardUploads, FORM_LIMITS, isTooLarge, readForm, uploadSource } from '../forms';
import { identity } from '../identity';
import {
  attemptAll,
  hit,
  inviteGuessLimit,
  LIMITS,
  TOO_MANY_GUESSES,
  withinAddressLimit,
  type Limit,
} from '../rate-limit';
import { byDataVersion } from '../by-data-version';
import { sendAsset } from '../send-asset';
import { nameConflicts } from '../registration';
import { passwordSignIn } from '../sign-in';
import { FieldError, type Member, type Post, type Project } from '~/lib/models';
import { UsernameSchema } from '~/lib/schemas';
import * as S from './schemas';
import { BOOKING_ENDPOINTS } from './booking-endpoints';
import { WAITLIST_ENDPOINTS } from './waitlist-endpoints';
import { RestError } from './errors';
import { issueToken, revokeToken } from './tokens';

export { RestError };

/** One field's problem: handle.ts answers it as 422 invalid-input, like the seam's own. */
const invalid = (field: string, message: string) => new FieldError(field, message);

/**
 * Who may call: anyone; a bearer token of a member; or a bearer token of an identity account that
 * may not be a member yet (upload and sign-up come before the member exists).
 */
export type Access = 'public' | 'member' | 'account';

export interface Call<Body> {
  request: Request;
  context: AppLoadContext;
  params: Record<string, string>;
  body: Body;
  /** the query parameters as the call's `query` schema parsed them ({} without one) */
  query: Record<string, unknown>;
  /** the member behind the bearer token ('member' calls always have one) */
  caller: Caller | null;
  /** the identity account behind the bearer token ('account' and 'member' calls) */
  account: { uid: string | null; email: string } | null;
  token: string | null;
}

export interface Endpoint<Body = unknown> {
  method: 'GET' | 'POST';
  /** under /api, with {name} for a path parameter */
  path: string;
  summary: string;
  access: Access;
  /** JSON body schema; 'multipart' for the upload */
  body?: z.ZodType<Body, z.ZodTypeDef, unknown> | 'multipart';
  /** query parameters, checked before the handler runs (422 invalid-input) and documented */
  query?: z.AnyZodObject;
  /** the success answer: a JSON schema, or the bytes of a file */
  answer: z.ZodTypeAny | 'file';
  /** answers 201 Created instead of 200 */
  created?: true;
  /** when it may answer 202 Accepted instead (the handler returns an Accepted) */
  accepted?: string;
  /** error statuses this call can answer besides 400/401/413/415/429/500 that any call may */
  errors?: number[];
  handle(call: Call<Body>): Promise<unknown>;
}

// Section 3 shapes, built field by field so nothing internal leaks into an answer.
const toPost = (post: Post): z.infer<typeof S.PostOutSchema> => ({
  id: post.id,
  slug: post.slug,
  title: post.title,
  content: post.content,
  starred: post.starred,
  created_at: post.created_at,
  file: post.file ? { id: post.file.id, name: post.file.name, mime_type: post.file.mime_type } : null,
});

const toUser = (member: Member): z.infer<typeof S.UserOutSchema> => ({
  username: member.username,
  fullname: member.fullname,
  bio: member.bio,
  qualifications: member.qualifications,
  avatar: member.avatar ? { id: member.avatar.id } : null,
  banner: member.banner ? { id: member.banner.id } : null,
});

const toMember = (member: Member) => ({ ...toUser(member), posts: member.posts.map(toPost) });
// Public and reads every member and post: once per data version, not once per request.
const everyMember = byDataVersion(async () => ({ results: (await store.members.list()).map(toMember) }));

const toProject = (project: Project): z.infer<typeof S.ProjectOutSchema> => ({
  id: project.id,
  slug: project.slug,
  name: project.name,
  description: project.description,
  url: project.url,
  featured: project.featured,
  tags: project.tags,
  banner: project.banner ? { id: project.banner.id } : null,
  logo: project.logo ? { id: project.logo.id } : null,
  members: project.members.map(({ role, user }) => ({
    role,
    user: {
      username: user.username,
      fullname: user.fullname,
      avatar: user.avatar ? { id: user.avatar.id } : null,
    },
  })),
});

async function userOf(caller: Pick<Caller, 'username'>) {
  const member = await store.members.byUsername(caller.username);
  if (!member) throw new RestError(404, 'not-found', 'Member not found');
  return toUser(member);
}

async function limit(context: AppLoadContext, name: string, value: Limit) {
  if (!(await withinAddressLimit(context, name, value)))
    throw new RestError(429, 'rate-limited', 'Too many requests. Please try again later.');
}

const member = (call: Call<unknown>) => call.caller as Caller;

/** A post the caller just wrote, as the answer (gone again already: 404). */
async function writtenPost(call: Call<unknown>, id: string) {
  const post = await store.ownPosts.find(member(call), id);
  if (!post) throw new RestError(404, 'not-found', 'Post not found');
  return toPost(post);
}

const asset = (path: string, summary: string): Endpoint => ({
  method: 'GET',
  path,
  summary,
  access: 'public',
  answer: 'file',
  errors: [404],
  async handle({ request, params }) {
    const response = await sendAsset(request, params.id);
    if (response.status === 404) throw new RestError(404, 'not-found', 'Asset not found');
    return response;
  },
});

/** Taken, as the validate calls count it: 0 or 1. */
const count = (taken: boolean) => ({ count: taken ? 1 : 0 });

/** Erases an endpoint's body type once its handler was checked against its schema. */
const define = <Body>(endpoint: Endpoint<Body>) => endpoint as Endpoint<never>;

export const ENDPOINTS: Endpoint<never>[] = [
  define(asset('/assets/{id}', 'An uploaded file (images: ?w= picks a WebP width variant)')),
  define(asset('/assets/{id}/{filename}', 'An uploaded file under its name (post attachments)')),
  define({
    method: 'POST',
    path: '/assets/upload/{filename}',
    summary:
      'Uploads a file (multipart field `file`, at most 25 MB) for a later write to use by id. Images up to 5 MB are re-encoded (metadata removed) and can be avatars and banners.',
    access: 'account',
    body: 'multipart',
    answer: S.UploadOutSchema,
    errors: [422],
    async handle({ request, params, caller, account, context }) {
      // Free Firebase accounts must not make this a free file host: uploads count per account.
      if (!(await hit(`upload:${account?.uid ?? caller?.id}`, LIMITS.uploadsPerAccount)))
        throw new RestError(429, 'rate-limited', 'Too many uploads. Please try again later.');
      await limit(context, 'upload', LIMITS.uploadsPerAddress);
      const formData = await readForm(request, FORM_LIMITS.post);
      if (!formData) throw new RestError(413, 'too-large', FORM_LIMITS.post.tooLarge);
      try {
        const file = formData.get('file');
        if (!(file instanceof File) || (file.size === 0 && !isTooLarge(file)))
          throw invalid('file', 'Choose a file to upload');
        if (isTooLarge(file)) throw new RestError(413, 'too-large', FORM_LIMITS.post.fileTooLarge);
        const source = await uploadSource(file);
        const image = file.size <= IMAGE_LIMIT_BYTES && isImageType(await sniffSource(source));
        let prepared;
        try {
          prepared = await prepareAsset({
            ...source,
            filename: params.filename || file.name,
            ownerId: null,
            kind: image ? 'image' : 'file',
          });
        } catch (error) {
          if (error instanceof AssetError) throw invalid('file', error.message);
          throw error;
        }
        // Before sign-up only the uploading account may use it (asset-claims.ts).
        if (!caller) prepared.row.uploader_uid = account?.uid ?? null;
        return { id: await store.assets.save(caller, prepared) };
      } finally {
        discardUploads(formData);
      }
    },
  } satisfies Endpoint),
  define({
    method: 'GET',
    path: '/auth/email/validate/{address}',
    summary: 'Whether an e-mail address is registered',
    access: 'public',
    answer: S.CountOutSchema,
    async handle({ params, context }) {
      await limit(context, 'availability', LIMITS.availabilityChecksPerAddress);
      return count(await store.accounts.emailTaken(params.address));
    },
  } satisfies Endpoint),
  define({
    method: 'GET',
    path: '/auth/username/validate/{username}',
    summary: 'Whether a username is taken (also counts names that cannot be registered)',
    access: 'public',
    answer: S.CountOutSchema,
    async handle({ params, context }) {
      await limit(context, 'availability', LIMITS.availabilityChecksPerAddress);
      const valid = UsernameSchema.safeParse(params.username).success;
      return count(!valid || (await store.accounts.usernameTaken(params.username)));
    },
  } satisfies Endpoint),
  define({
    method: 'POST',
    path: '/auth/login',
    summary:
      'Signs in with e-mail and password; the token authorises writes (with IDENTITY_PROVIDER=firebase it is a Firebase ID token)',
    access: 'public',
    body: S.LoginBodySchema,
    answer: S.AuthOutSchema,
    errors: [401],
    async handle({ body, context }) {
      const signedIn = await passwordSignIn(body.email, body.password, context);
      if (!signedIn.ok)
        throw new RestError(
          signedIn.status,
          signedIn.status === 429 ? 'rate-limited' : 'unauthorized',
          signedIn.message,
        );
      const user = await userOf(signedIn.member);
      const tokens = signedIn.account.tokens;
      if (tokens) return { user, token: tokens.idToken, expires_at: tokens.expiresAt.toISOString() };
      const { token, expiresAt } = await issueToken(signedIn.member.id);
      return { user, token, expires_at: expiresAt };
    },
  } satisfies Endpoint<z.infer<typeof S.LoginBodySchema>>),
  define({
    method: 'POST',
    path: '/auth/logout',
    summary: 'Ends the token (local tokens; a Firebase ID token expires by itself within the hour)',
    access: 'member',
    answer: S.LoggedOutSchema,
    async handle({ token }) {
      if (token) await revokeToken(token);
      return { logged_out: true };
    },
  } satisfies Endpoint),
  define({
    method: 'GET',
    path: '/auth/verify',
    summary: 'The member the bearer token belongs to',
    access: 'member',
    answer: S.UserOutSchema,
    errors: [404],
    handle: (call) => userOf(member(call)),
  } satisfies Endpoint),
  define({
    method: 'POST',
    path: '/auth/signup',
    summary:
      'Creates the member for the bearer token’s identity account (Firebase ID token), consuming the invite key. Upload the avatar (and banner) first.',
    access: 'account',
    body: S.SignupBodySchema,
    answer: S.UserOutSchema,
    errors: [409, 422, 501],
    async handle(call) {
      const { body, account, caller, context } = call;
      if (!identity.verifyIdToken || !account?.uid)
        throw new RestError(
          501,
          'not-available',
          'Sign-up through the API needs IDENTITY_PROVIDER=firebase; members of this site register at /register.',
        );
      if (caller) throw new RestError(409, 'already-registered', 'This account is already a member.');
      if (body.email !== account.email) throw invalid('email', 'The e-mail is not the signed-in account’s.');
      await limit(context, 'register', LIMITS.registrationsPerAddress);
      const conflict = await nameConflicts(body.email, body.username);
      if (conflict) throw invalid(conflict.field, conflict.message);
      // Wrong keys count towards a limit, so keys cannot be guessed by trying many: the attempt is
      // counted before the key is used, and a right key gives it back.
      const guess = await attemptAll([inviteGuessLimit(context)]);
      if (!guess.allowed) throw new RestError(429, 'rate-limited', TOO_MANY_GUESSES);
      try {
        await store.accounts.signUp({
          uid: account.uid,
          email: body.email,
          username: body.username,
          fullname: body.fullname,
          bio: body.description,
          qualifications: body.qualifications,
          avatarId: body.avatar_id,
          bannerId: body.banner_id,
          inviteKey: body.invite_key,
          token: call.token,
        });
      } catch (error) {
        if (!(error instanceof InviteError)) await guess.refund();
        throw error instanceof InviteError ? invalid('invite_key', error.message) : error;
      }
      await guess.refund();
      return userOf(body);
    },
  } satisfies Endpoint<z.infer<typeof S.SignupBodySchema>>),
  define({
    method: 'GET',
    path: '/page/generic/get_members',
    summary: 'Every member with their posts',
    access: 'public',
    answer: S.MembersOutSchema,
    handle: everyMember,
  } satisfies Endpoint),
  define({
    method: 'GET',
    path: '/page/generic/get_projects',
    summary: 'Every portfolio project with its team',
    access: 'public',
    answer: S.ProjectsOutSchema,
    handle: async () => ({ results: (await store.projects.list()).map(toProject) }),
  } satisfies Endpoint),
  define({
    method: 'POST',
    path: '/page/posts/get_by_user',
    summary: 'A member’s posts, newest first (empty for an unknown username)',
    access: 'public',
    body: S.GetByUserBodySchema,
    answer: S.PostsOutSchema,
    handle: async ({ body }) => ({ posts: (await store.posts.byUsername(body.username)).map(toPost) }),
  } satisfies Endpoint<z.infer<typeof S.GetByUserBodySchema>>),
  define({
    method: 'POST',
    path: '/page/posts/insert',
    summary: 'Creates a post of the caller; answers the post',
    access: 'member',
    body: S.PostInsertBodySchema,
    answer: S.PostOutSchema,
    errors: [422],
    async handle(call) {
      const { title, content, starred, file_id } = call.body;
      const { id } = await store.ownPosts.insert(member(call), { title, content, starred }, file_id);
      return writtenPost(call, id);
    },
  } satisfies Endpoint<z.infer<typeof S.PostInsertBodySchema>>),
  define({
    method: 'POST',
    path: '/page/posts/edit',
    summary: 'Edits one of the caller’s posts; answers the post',
    access: 'member',
    body: S.PostEditBodySchema,
    answer: S.PostOutSchema,
    errors: [404, 422],
    async handle(call) {
      const { id, title, content, starred, file_id } = call.body;
      const saved = await store.ownPosts.update(
        member(call),
        id,
        { title, content, starred, removeFile: file_id === null },
        file_id ?? null,
      );
      if (!saved) throw new RestError(404, 'not-found', 'Post not found');
      return writtenPost(call, id);
    },
  } satisfies Endpoint<z.infer<typeof S.PostEditBodySchema>>),
  define({
    method: 'POST',
    path: '/page/posts/delete',
    summary: 'Deletes one of the caller’s posts and its file',
    access: 'member',
    body: S.PostDeleteBodySchema,
    answer: S.DeletedOutSchema,
    errors: [404],
    async handle(call) {
      if (!(await store.ownPosts.remove(member(call), call.body.id)))
        throw new RestError(404, 'not-found', 'Post not found');
      return { deleted: true };
    },
  } satisfies Endpoint<z.infer<typeof S.PostDeleteBodySchema>>),
  define({
    method: 'POST',
    path: '/page/profile/update_profile',
    summary: 'Saves the caller’s profile; answers the user',
    access: 'member',
    body: S.UpdateProfileBodySchema,
    answer: S.UserOutSchema,
    errors: [422],
    async handle(call) {
      const { avatar_id, banner_id, ...input } = call.body;
      const outcome = await store.profile.update(member(call), input, {
        avatar: avatar_id ?? null,
        banner: banner_id ?? null,
      });
      if (outcome === 'username-taken') throw invalid('username', 'Username is already taken');
      return userOf(input);
    },
  } satisfies Endpoint<z.infer<typeof S.UpdateProfileBodySchema>>),
  ...BOOKING_ENDPOINTS,
  ...WAITLIST_ENDPOINTS,
];
