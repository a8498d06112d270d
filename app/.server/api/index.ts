// The API seam (docs/architecture.md §1): docs/product.md §7 as a typed interface. Routes call `api` and never
// look past it; the embedded implementation below reads the SQLite store. A store failure
// surfaces as ApiError(500), whose message is docs/product.md §8's 'API request failed with status 500'.
import { sql } from 'kysely';
import { db } from '../db';
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

type ErrorClass = new (...args: never[]) => Error;

/** Turns any store failure into the API's own error, logging the cause once. */
function guarded<Args extends unknown[], Result>(name: string, fn: (...args: Args) => Promise<Result>) {
  return guardedExcept(name, [], fn);
}

/** As guarded, letting the listed domain errors through to the caller. */
function guardedExcept<Args extends unknown[], Result>(
  name: string,
  passThrough: ErrorClass[],
  fn: (...args: Args) => Promise<Result>,
) {
  return async (...args: Args): Promise<Result> => {
    try {
      return await fn(...args);
    } catch (error) {
      if (error instanceof ApiError || passThrough.some((type) => error instanceof type)) throw error;
      console.error(`api.${name} failed:`, error);
      throw new ApiError(500);
    }
  };
}

export const api: Api = {
  members: {
    list: guarded('members.list', () => listMembers(db)),
    byUsername: guarded('members.byUsername', (username: string) => memberByUsername(db, username)),
  },
  posts: {
    byUsername: guarded('posts.byUsername', (username: string) => postsByUsername(db, username)),
    byUsernameAndSlug: guarded('posts.byUsernameAndSlug', (username: string, slug: string) =>
      postByUsernameAndSlug(db, username, slug),
    ),
  },
  projects: {
    list: guarded('projects.list', () => listProjects(db)),
    byIdOrSlug: guarded('projects.byIdOrSlug', (idOrSlug: string) => projectByIdOrSlug(db, idOrSlug)),
  },
  assets: {
    file: guarded('assets.file', (id: string, width?: number) => findStoredFile(db, id, width)),
    savePending: guarded('assets.savePending', async (asset: PreparedAsset) => {
      try {
        await db.insertInto('assets').values(asset.row).execute();
      } catch (error) {
        asset.discard();
        throw error;
      }
    }),
  },
  profile: {
    update: guarded(
      'profile.update',
      (
        userId: string,
        input: ProfileInput,
        images: { avatar: PreparedAsset | null; banner: PreparedAsset | null },
      ) => updateProfile(db, userId, input, images),
    ),
    renamed: guarded('profile.renamed', (oldUsername: string) => renamedUsername(db, oldUsername)),
  },
  ownPosts: {
    find: guarded('ownPosts.find', (userId: string, postId: string) => ownPost(db, userId, postId)),
    insert: guarded('ownPosts.insert', (userId: string, input: PostInput, file: PreparedAsset | null) =>
      insertPost(db, userId, input, file),
    ),
    update: guarded(
      'ownPosts.update',
      (
        userId: string,
        postId: string,
        input: PostInput & { removeFile: boolean },
        file: PreparedAsset | null,
      ) => updatePost(db, userId, postId, input, file),
    ),
    remove: guarded('ownPosts.remove', (userId: string, postId: string) => deletePost(db, userId, postId)),
  },
  accounts: {
    emailTaken: guarded('accounts.emailTaken', (email: string) => emailTaken(db, email)),
    usernameTaken: guarded('accounts.usernameTaken', (username: string) => usernameTaken(db, username)),
    inviteState: guarded('accounts.inviteState', (key: string) => inviteState(db, key)),
    signUp: guardedExcept('accounts.signUp', [InviteError], (input: SignUp) => createMember(db, input)),
    memberForIdentity: guarded('accounts.memberForIdentity', (uid: string, email: string) =>
      memberForIdentity(db, uid, email),
    ),
    memberByEmail: guarded('accounts.memberByEmail', (email: string) => memberByEmail(db, email)),
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

export { ApiError, InviteError };
export type { InviteState, SignUp };
