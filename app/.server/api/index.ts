// The API seam (docs/architecture.md §1): docs/product.md §7 as a typed interface. Routes call `api` and never
// look past it; the embedded implementation below reads the SQLite store. A store failure
// surfaces as ApiError(500), whose message is docs/product.md §8's 'API request failed with status 500'.
import { sql, type Kysely } from 'kysely';
import { db } from '../db';
import type { Database } from '../db/schema';
import { findStoredFile, type PreparedAsset, type StoredFile } from '../assets';
import { ApiError, type Member, type Post, type PostWithAuthor, type Project } from '~/lib/models';
import { listMembers, memberByUsername } from './members';
import { postByUsernameAndSlug, postsByUsername } from './posts';
import { listProjects, projectByIdOrSlug } from './projects';
import { deletePost, insertPost, ownPost, updatePost, type PostInput } from './post-writes';
import { renamedUsername, updateProfile, type ProfileInput } from './profile';
import {
  createMember,
  emailTaken,
  inviteState,
  memberByEmail,
  memberForIdentity,
  usernameTaken,
  type InviteState,
  InviteError,
  type SignUp,
} from './accounts';

export interface Api {
  members: {
    list(): Promise<Member[]>;
    byUsername(username: string): Promise<Member | null>;
  };
  posts: {
    byUsername(username: string): Promise<Post[]>;
    byUsernameAndSlug(username: string, slug: string): Promise<PostWithAuthor | null>;
  };
  projects: {
    list(): Promise<Project[]>;
    byIdOrSlug(idOrSlug: string): Promise<Project | null>;
  };
  assets: {
    file(id: string, width?: number): Promise<StoredFile | null>;
    /** Records an upload that no member owns yet (registration); unused ones are swept after a day. */
    savePending(asset: PreparedAsset): Promise<void>;
  };
  profile: {
    update(
      userId: string,
      input: ProfileInput,
      images: { avatar: PreparedAsset | null; banner: PreparedAsset | null },
    ): Promise<'saved' | 'username-taken'>;
    /** The current username for an old one (renamed members keep their old addresses). */
    renamed(oldUsername: string): Promise<string | null>;
  };
  /** The signed-in member's own posts: every call checks the author. */
  ownPosts: {
    find(userId: string, postId: string): Promise<Post | null>;
    insert(
      userId: string,
      input: PostInput,
      file: PreparedAsset | null,
    ): Promise<{ id: string; slug: string }>;
    update(
      userId: string,
      postId: string,
      input: PostInput & { removeFile: boolean },
      file: PreparedAsset | null,
    ): Promise<boolean>;
    remove(userId: string, postId: string): Promise<boolean>;
  };
  accounts: {
    emailTaken(email: string): Promise<boolean>;
    usernameTaken(username: string): Promise<boolean>;
    inviteState(key: string): Promise<InviteState>;
    /** Consumes the invite and creates the member; InviteError when the key cannot be used. */
    signUp(input: SignUp): Promise<string>;
    memberForIdentity(uid: string, email: string): Promise<{ id: string; username: string } | undefined>;
    memberByEmail(email: string): Promise<{ id: string; username: string } | undefined>;
  };
  /** True when the store answers (for /healthz). */
  healthy(): Promise<boolean>;
}

/** The embedded implementation: every call reads or writes this site's own store. */
function embeddedApi(db: Kysely<Database>): Api {
  return {
    members: {
      list: () => listMembers(db),
      byUsername: (username) => memberByUsername(db, username),
    },
    posts: {
      byUsername: (username) => postsByUsername(db, username),
      byUsernameAndSlug: (username, slug) => postByUsernameAndSlug(db, username, slug),
    },
    projects: {
      list: () => listProjects(db),
      byIdOrSlug: (idOrSlug) => projectByIdOrSlug(db, idOrSlug),
    },
    assets: {
      file: (id, width) => findStoredFile(db, id, width),
      async savePending(asset) {
        try {
          await db.insertInto('assets').values(asset.row).execute();
        } catch (error) {
          asset.discard();
          throw error;
        }
      },
    },
    profile: {
      update: (userId, input, images) => updateProfile(db, userId, input, images),
      renamed: (oldUsername) => renamedUsername(db, oldUsername),
    },
    ownPosts: {
      find: (userId, postId) => ownPost(db, userId, postId),
      insert: (userId, input, file) => insertPost(db, userId, input, file),
      update: (userId, postId, input, file) => updatePost(db, userId, postId, input, file),
      remove: (userId, postId) => deletePost(db, userId, postId),
    },
    accounts: {
      emailTaken: (email) => emailTaken(db, email),
      usernameTaken: (username) => usernameTaken(db, username),
      inviteState: (key) => inviteState(db, key),
      signUp: (input) => createMember(db, input),
      memberForIdentity: (uid, email) => memberForIdentity(db, uid, email),
      memberByEmail: (email) => memberByEmail(db, email),
    },
    async healthy() {
      try {
        await sql`select 1`.execute(db);
        return true;
      } catch {
        return false;
      }
    },
  };
}

type Method = (...args: never[]) => Promise<unknown>;

/**
 * Wraps every method of an implementation: a failure that is not one the caller handles (ApiError,
 * InviteError) is logged once with the method's name and becomes ApiError(500).
 */
function guardAll(implementation: Api): Api {
  const guard =
    (name: string, method: Method) =>
    async (...args: never[]) => {
      try {
        return await method(...args);
      } catch (error) {
        if (error instanceof ApiError || error instanceof InviteError) throw error;
        console.error(`api.${name} failed:`, error);
        throw new ApiError(500);
      }
    };
  const guarded = Object.entries(implementation).map(([group, value]) => [
    group,
    typeof value === 'function'
      ? guard(group, value)
      : Object.fromEntries(
          Object.entries(value as Record<string, Method>).map(([name, method]) => [
            name,
            guard(`${group}.${name}`, method),
          ]),
        ),
  ]);
  return Object.fromEntries(guarded) as Api;
}

export const api: Api = guardAll(embeddedApi(db));

export { ApiError, InviteError };
export type { InviteState, SignUp };
