// The store seam as an HTTP client of an upstream backend (API_URL, docs/api.md "Running the site in
// front of an existing backend"). Every call of docs/product.md §7, with the member's Firebase ID
// token on writes; answers read tolerantly by remote-schemas.ts. What product §7 lacks is derived
// from the calls that exist, as the makerspace's original app did. This site's own store keeps
// sessions, limits, registration drafts and, for the header, a copy of each signed-in member.
import crypto from 'node:crypto';
import fs from 'node:fs';
import contentDisposition from 'content-disposition';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../db/schema';
import {
  deleteAsset,
  deleteUnusedUpload,
  isImageType,
  originalPath,
  type PreparedAsset,
  type StoredFile,
} from '../assets';
import { safeFilename } from '~/lib/files';
import { ApiError, FieldError, NO_ASSET_ID, type Member } from '~/lib/models';
import { nowIso } from '~/lib/time';
import { InviteError, INVITE_MESSAGES, memberByEmail, type InviteState } from './accounts';
import { memberCard, postSummary } from '~/lib/display';
import { paginate } from '~/lib/pagination';
import { matchesQuery } from '~/lib/search';
import { discardChoices, type FileChoice } from './asset-claims';
import type { SignedIn } from '../identity/types';
import type { Store, Caller } from './index';
import {
  firstIssue,
  RemoteCount,
  RemoteErrorBody,
  RemoteMembers,
  RemotePosts,
  RemoteProjects,
  RemoteUpload,
  RemoteVerifiedUser,
  RemoteWrittenPost,
} from './remote-schemas';

/** A non-OK answer, with the backend's error body when it sent one we can read. */
class RemoteFailure extends ApiError {
  constructor(
    status: number,
    readonly body: z.infer<typeof RemoteErrorBody> | null,
  ) {
    super(status);
  }
}

interface SendOptions {
  method?: 'GET' | 'POST';
  token?: string | null;
  json?: unknown;
  form?: FormData;
  headers?: Record<string, string>;
  /** hand the body over unread (a file streamed to the browser at its own pace) */
  stream?: boolean;
}

let remoteWrites = 0;
/** How many calls with a member's token (writes) this process has sent: see data-version.ts. */
export const remoteWriteCount = () => remoteWrites;

export function remoteStore(base: string, db: Kysely<Database>, timeoutMs: number): Store {
  /**
   * One call. A refused connection is a 503, no answer in time a 504, both logged in one line. The
   * time limit covers the whole answer, except a streamed file's body.
   */
  async function send(call: string, path: string, init: SendOptions = {}): Promise<Response> {
    const headers: Record<string, string> = { Accept: 'application/json', ...init.headers };
    if (init.token) headers.Authorization = `Bearer ${init.token}`;
    if (init.json !== undefined) headers['Content-Type'] = 'application/json';
    const controller = new AbortController();
    const timer = setTimeout(
      () => controller.abort(new DOMException('The backend did not answer in time', 'TimeoutError')),
      timeoutMs,
    );
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        method: init.method ?? 'GET',
        headers,
        body: init.json !== undefined ? JSON.stringify(init.json) : init.form,
        signal: controller.signal,
      });
      if (!init.stream || !response.ok) {
        const body = [204, 304].includes(response.status) ? null : await response.arrayBuffer();
        response = new Response(body, response);
      }
    } catch (error) {
      const timedOut = (error as Error).name === 'TimeoutError';
      const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).message;
      console.error(
        `API ${call}: ${timedOut ? `no answer within ${timeoutMs} ms` : `cannot reach the backend (${cause})`}`,
      );
      throw new ApiError(timedOut ? 504 : 503);
    } finally {
      clearTimeout(timer);
      // Calls with a member's token are writes: pages rendered before them are out of date.
      if (init.token) remoteWrites += 1;
    }
    if (response.ok || response.status === 304) return response;
    // docs/product.md §8: the HTTP client logs these two and passes the failure on.
    if (response.status === 401) console.warn(`API ${call}: unauthorized (401)`);
    if (response.status === 429) console.warn(`API ${call}: rate limit exceeded (429)`);
    const body = RemoteErrorBody.safeParse(await response.json().catch(() => null));
    throw new RemoteFailure(response.status, body.success ? body.data : null);
  }

  /** The answer read with `schema`; one that does not fit is logged with the field and is a 502. */
  async function read<T>(call: string, response: Response, schema: z.ZodType<T, z.ZodTypeDef, unknown>) {
    const parsed = schema.safeParse(await response.json().catch(() => undefined));
    if (parsed.success) return parsed.data;
    console.error(`API ${call}: the answer does not fit: ${firstIssue(parsed.error)}`);
    throw new ApiError(502);
  }

  const post = async <T>(
    call: string,
    path: string,
    json: unknown,
    schema: z.ZodType<T, z.ZodTypeDef, unknown>,
    token?: string | null,
  ) => read(call, await send(call, path, { method: 'POST', json, token }), schema);

  const members = async () =>
    read('get_members', await send('get_members', '/page/generic/get_members'), RemoteMembers);
  const projects = async () =>
    read('get_projects', await send('get_projects', '/page/generic/get_projects'), RemoteProjects);
  const postsOf = (username: string) =>
    post('get_by_user', '/page/posts/get_by_user', { username }, RemotePosts);
  const findMember = (list: Member[], username: string) =>
    list.find((member) => member.username.toLowerCase() === username.toLowerCase()) ?? null;

  /** Sends a prepared file to the backend and returns its id. */
  async function upload(token: string | null, asset: Pick<PreparedAsset, 'row' | 'path'>): Promise<string> {
    const form = new FormData();
    form.append('file', await fs.openAsBlob(asset.path, { type: asset.row.mime_type }), asset.row.filename);
    const response = await send('upload', `/assets/upload/${encodeURIComponent(asset.row.filename)}`, {
      method: 'POST',
      form,
      token,
    });
    const id = await read('upload', response, RemoteUpload);
    if (!id) throw new ApiError(502, NO_ASSET_ID);
    return id;
  }

  /** Uploads a file this request prepared; the local copy goes either way. */
  async function uploadPrepared(token: string | null, asset: PreparedAsset) {
    try {
      return await upload(token, asset);
    } finally {
      asset.discard();
    }
  }

  /** The id for a write's file: an id as it is, a prepared file uploaded now. */
  const fileId = (token: string | null, choice: FileChoice | null) =>
    choice === null || typeof choice === 'string' ? choice : uploadPrepared(token, choice);

  /** A validate call (docs/product.md §7): its count above 0 means taken. */
  const taken = async (kind: 'email' | 'username', value: string) => {
    const call = `validate ${kind}`;
    const response = await send(call, `/auth/${kind}/validate/${encodeURIComponent(value)}`);
    return (await read(call, response, RemoteCount)) > 0;
  };

  /** A 422 the backend explains field by field, as our own FieldError (first field). */
  function fieldFailure(error: unknown) {
    if (!(error instanceof RemoteFailure) || error.status !== 422 || !error.body?.fields) return error;
    const [field, messages] = Object.entries(error.body.fields)[0] ?? [];
    return field ? new FieldError(field, messages[0] ?? 'Not valid') : error;
  }

  /** Keeps this site's copy of a signed-in member (for sessions and the header) up to date. */
  async function remember(account: { uid: string; email: string }, user: z.infer<typeof RemoteVerifiedUser>) {
    return db.transaction().execute(async (trx) => {
      const key = user.username.toLowerCase();
      const email = account.email.toLowerCase();
      // A name or address another account had before is theirs no longer.
      await trx
        .deleteFrom('users')
        .where((eb) =>
          eb.and([
            eb.or([eb('identity_uid', 'is', null), eb('identity_uid', '!=', account.uid)]),
            eb.or([eb('username_key', '=', key), eb('email', '=', email)]),
          ]),
        )
        .execute();
      const fields = {
        username: user.username,
        username_key: key,
        email,
        fullname: user.fullname,
        updated_at: nowIso(),
      };
      const existing = await trx
        .selectFrom('users')
        .select('id')
        .where('identity_uid', '=', account.uid)
        .executeTakeFirst();
      if (existing) {
        await trx.updateTable('users').set(fields).where('id', '=', existing.id).execute();
        return { id: existing.id, username: user.username };
      }
      const id = crypto.randomUUID();
      await trx
        .insertInto('users')
        .values({
          ...fields,
          id,
          bio: '',
          qualifications: '[]',
          identity_uid: account.uid,
          created_at: fields.updated_at,
        })
        .execute();
      return { id, username: user.username };
    });
  }

  async function verify(account: Pick<SignedIn, 'uid' | 'email'>, token: string) {
    try {
      const user = await read('verify', await send('verify', '/auth/verify', { token }), RemoteVerifiedUser);
      return await remember(account, user);
    } catch (error) {
      // Not a member of the backend (yet): no member here either.
      if (error instanceof RemoteFailure && [401, 403, 404].includes(error.status)) return undefined;
      throw error;
    }
  }

  async function refreshCopy(caller: Caller) {
    const row = await db
      .selectFrom('users')
      .select(['identity_uid', 'email'])
      .where('id', '=', caller.id)
      .executeTakeFirst();
    if (row?.identity_uid && caller.token)
      await verify({ uid: row.identity_uid, email: row.email }, caller.token);
  }

  const ownPost = async (caller: Caller, postId: string) =>
    (await postsOf(caller.username)).find((candidate) => candidate.id === postId) ?? null;

  async function assetFile(id: string, width?: number, ifNoneMatch?: string | null) {
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(id)) return null;
    let response: Response;
    try {
      response = await send('asset', `/assets/${id}${width ? `?w=${width}` : ''}`, {
        // Bytes as stored, so Content-Length and ETag describe what is passed on.
        headers: {
          Accept: '*/*',
          'Accept-Encoding': 'identity',
          ...(ifNoneMatch ? { 'If-None-Match': ifNoneMatch } : {}),
        },
        stream: true,
      });
    } catch (error) {
      if (error instanceof RemoteFailure && error.status === 404) return null;
      throw error;
    }
    if (response.status === 304) return 'not-modified' as const;
    const mimeType = (response.headers.get('Content-Type') ?? 'application/octet-stream')
      .split(';')[0]
      .trim();
    let filename = 'file';
    try {
      filename = safeFilename(
        contentDisposition.parse(response.headers.get('Content-Disposition') ?? '').parameters.filename ??
          filename,
      );
    } catch {
      /* no usable name: 'file' */
    }
    const length = Number(response.headers.get('Content-Length'));
    const body = response.body;
    return {
      size: Number.isFinite(length) && length > 0 ? length : null,
      mimeType,
      filename,
      etag: response.headers.get('ETag'),
      isImage: isImageType(mimeType),
      open: () => body ?? new ReadableStream({ start: (controller) => controller.close() }),
      close: () => void body?.cancel().catch(() => {}),
    } satisfies StoredFile;
  }

  return {
    members: {
      list: members,
      byUsername: async (username) => findMember(await members(), username),
    },
    pages: {
      async directory(query, page) {
        const { items, ...at } = paginate(
          (await members()).filter((member) => matchesQuery(member, query)),
          page,
        );
        return { ...at, members: items.map(memberCard) };
      },
      async memberPosts(username, page) {
        const member = findMember(await members(), username);
        if (!member) return null;
        const { posts, ...profile } = member;
        const { items, ...at } = paginate(posts, page);
        return { ...at, member: profile, posts: items.map(postSummary) };
      },
    },
    posts: {
      byUsername: postsOf,
      async byUsernameAndSlug(username, slug) {
        const [posts, list] = await Promise.all([postsOf(username), members()]);
        const author = findMember(list, username);
        const found = posts.find((candidate) => candidate.slug === slug);
        if (!author || !found) return null;
        return {
          ...found,
          author: { username: author.username, fullname: author.fullname, avatar: author.avatar },
        };
      },
    },
    projects: {
      list: projects,
      byIdOrSlug: async (idOrSlug) =>
        (await projects()).find((project) => project.id === idOrSlug || project.slug === idOrSlug) ?? null,
    },
    assets: {
      file: assetFile,
      async save(owner, asset) {
        if (owner) return uploadPrepared(owner.token, asset);
        // Before sign-up there is no token to upload with: kept here until the member exists.
        try {
          await db.insertInto('assets').values(asset.row).execute();
          return asset.row.id;
        } catch (error) {
          asset.discard();
          throw error;
        }
      },
      // Uploads before sign-up wait in this store (save), so they are deleted here too.
      discardUpload: (id) => deleteUnusedUpload(db, id),
    },
    profile: {
      async update(caller, input, images) {
        let avatarId: string | null;
        let bannerId: string | null;
        try {
          avatarId = await fileId(caller.token, images.avatar);
          bannerId = await fileId(caller.token, images.banner);
        } finally {
          // The banner's prepared files too, when the avatar's upload failed first.
          discardChoices(images.avatar, images.banner);
        }
        // update_profile takes the images by id: unchanged ones are sent as they are.
        const current = avatarId && bannerId ? null : findMember(await members(), caller.username);
        try {
          await send('update_profile', '/page/profile/update_profile', {
            method: 'POST',
            token: caller.token,
            json: {
              ...input,
              avatar_id: avatarId ?? current?.avatar?.id ?? null,
              banner_id: bannerId ?? current?.banner?.id ?? null,
            },
          });
        } catch (error) {
          const failure = fieldFailure(error);
          if (failure instanceof FieldError && failure.field === 'username') return 'username-taken';
          throw failure;
        }
        // Saved: the header's copy is refreshed when it can be, else at the next sign-in.
        await refreshCopy({ ...caller, username: input.username }).catch((error) =>
          console.error('API verify after update_profile failed:', (error as Error).message),
        );
        return 'saved';
      },
      // Section 7 has no call for a member's old usernames.
      renamed: async () => null,
    },
    ownPosts: {
      find: ownPost,
      async insert(caller, input, file) {
        const id = await fileId(caller.token, file);
        const written = await post(
          'insert',
          '/page/posts/insert',
          { ...input, file_id: id },
          RemoteWrittenPost,
          caller.token,
        ).catch((error) => Promise.reject(fieldFailure(error)));
        // A backend that answers the id only: the slug is not needed to go on.
        return { id: written.id, slug: written.slug ?? '' };
      },
      async update(caller, postId, input, file) {
        let existing;
        try {
          existing = await ownPost(caller, postId);
        } catch (error) {
          discardChoices(file);
          throw error;
        }
        if (!existing) {
          discardChoices(file);
          return false;
        }
        const id = file
          ? await fileId(caller.token, file)
          : input.removeFile
            ? null
            : (existing.file?.id ?? null);
        try {
          await send('edit', '/page/posts/edit', {
            method: 'POST',
            token: caller.token,
            json: {
              id: postId,
              title: input.title,
              content: input.content,
              starred: input.starred,
              file_id: id,
            },
          });
          return true;
        } catch (error) {
          if (error instanceof RemoteFailure && error.status === 404) return false;
          throw fieldFailure(error);
        }
      },
      async remove(caller, postId) {
        try {
          await send('delete', '/page/posts/delete', {
            method: 'POST',
            token: caller.token,
            json: { id: postId },
          });
          return true;
        } catch (error) {
          if (error instanceof RemoteFailure && error.status === 404) return false;
          throw error;
        }
      },
    },
    accounts: {
      emailTaken: (email) => taken('email', email),
      usernameTaken: (username) => taken('username', username),
      // Section 7 has no call to check a key before sign-up: the backend checks it then.
      inviteState: async (): Promise<InviteState> => 'ok',
      async signUp(input) {
        if (!input.token) throw new Error('Sign-up with a backend needs the new account’s ID token');
        // The images waited in this store; now there is a token to upload them with. They stay
        // here until sign-up succeeds, so a retry (say, with the right invite key) has them.
        const waiting = [input.avatarId, input.bannerId].filter((id): id is string => Boolean(id));
        const image = async (id: string | null) => {
          const row = id
            ? await db.selectFrom('assets').selectAll().where('id', '=', id).executeTakeFirst()
            : null;
          return row ? upload(input.token ?? null, { row, path: originalPath(row.id) }) : null;
        };
        try {
          await post(
            'signup',
            '/auth/signup',
            {
              email: input.email,
              username: input.username,
              fullname: input.fullname,
              invite_key: input.inviteKey,
              description: input.bio,
              qualifications: input.qualifications,
              avatar_id: await image(input.avatarId),
              banner_id: await image(input.bannerId),
            },
            RemoteVerifiedUser,
            input.token,
          );
        } catch (error) {
          const failure = fieldFailure(error);
          if (failure instanceof FieldError && failure.field === 'invite_key') {
            const state = (Object.entries(INVITE_MESSAGES).find(
              ([, text]) => text === failure.message,
            )?.[0] ?? 'unknown') as Exclude<InviteState, 'ok'>;
            throw new InviteError(state);
          }
          throw failure;
        }
        for (const id of waiting)
          await deleteAsset(db, id).catch((error) =>
            console.error('Removing an uploaded image failed:', error),
          );
        return input.username;
      },
      async memberForIdentity(account) {
        if (account.tokens) return verify(account, account.tokens.idToken);
        // Without tokens (a password reset): the copy of a member who signed in here before.
        return db
          .selectFrom('users')
          .select(['id', 'username'])
          .where('identity_uid', '=', account.uid)
          .executeTakeFirst();
      },
      memberByEmail: (email) => memberByEmail(db, email),
    },
    async healthy() {
      try {
        await send('health', '/page/generic/get_projects');
        return true;
      } catch {
        return false;
      }
    },
  };
}
