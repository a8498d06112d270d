// The store seam (docs/architecture.md §8): docs/product.md §7 as a typed interface. Routes call `store` and never
// look past it; the embedded implementation below reads the database (SQLite or PostgreSQL). A store failure
// surfaces as ApiError(500), whose message is docs/product.md §8's 'API request failed with status 500'.
import { sql, type Kysely } from 'kysely';
import { config } from '../config';
import { db } from '../db';
import { remoteStore } from './remote';
import type { Database } from '../db/schema';
import { deleteUnusedUpload, findStoredFile, type PreparedAsset, type StoredFile } from '../assets';
import { ApiError, type Member, type Post, type PostWithAuthor, type Project } from '~/lib/models';
import type { FileChoice } from './asset-claims';
import type { SignedIn } from '../identity/types';
import { listMembers, memberByUsername } from './members';
import { directoryPage, memberPostsPage, type DirectoryPage, type MemberPostsPage } from './directory';
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
  type SignInMember,
  type SignUp,
} from './accounts';

/**
 * Who makes a call that needs a member: their id in this store and, when the seam is a client of a
 * upstream backend, the bearer token that backend takes (null for the embedded store).
 */
export interface Caller {
  id: string;
  username: string;
  token: string | null;
}

export interface Store {
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
  /**
   * The site's own pages, one page at a time (not product §7: a backend answers whole lists, which a
   * client of one pages itself).
   */
  pages: {
    /** One page of the directory matching `query` (docs/product.md §2 /members). */
    directory(query: string, page: number): Promise<DirectoryPage>;
    /** A member and one page of their posts; null for an unknown username. */
    memberPosts(username: string, page: number): Promise<MemberPostsPage | null>;
  };
  assets: {
    /** A file to send, or 'not-modified' when `ifNoneMatch` already names it (a backend said 304). */
    file(
      id: string,
      width?: number,
      ifNoneMatch?: string | null,
    ): Promise<StoredFile | 'not-modified' | null>;
    /**
     * Stores an upload for a later write to use by id (docs/product.md §7 upload); `owner` null
     * for one made before sign-up (registration). Uploads nothing uses are swept after a day.
     */
    save(owner: Caller | null, asset: PreparedAsset): Promise<string>;
    /**
     * Deletes an upload made before sign-up (`save(null, ...)`) if nothing uses it yet: a
     * registration image replaced by another. Anything owned or used stays.
     */
    discardUpload(id: string): Promise<void>;
  };
  profile: {
    update(
      caller: Caller,
      input: ProfileInput,
      images: { avatar: FileChoice | null; banner: FileChoice | null },
    ): Promise<'saved' | 'username-taken'>;
    /** The current username for an old one (renamed members keep their old addresses). */
    renamed(oldUsername: string): Promise<string | null>;
  };
  /** The signed-in member's own posts: every call checks the author. */
  ownPosts: {
    find(caller: Caller, postId: string): Promise<Post | null>;
    insert(caller: Caller, input: PostInput, file: FileChoice | null): Promise<{ id: string; slug: string }>;
    update(
      caller: Caller,
      postId: string,
      input: PostInput & { removeFile: boolean },
      file: FileChoice | null,
    ): Promise<boolean>;
    remove(caller: Caller, postId: string): Promise<boolean>;
  };
  accounts: {
    emailTaken(email: string): Promise<boolean>;
    usernameTaken(username: string): Promise<boolean>;
    inviteState(key: string): Promise<InviteState>;
    /** Consumes the invite and creates the member; InviteError when the key cannot be used. */
    signUp(input: SignUp): Promise<string>;
    /**
     * The member behind an identity account: by uid, or (a member made by an import or the seed
     * meeting their account) by a verified e-mail. A backend client needs the account's tokens to
     * ask; without them it answers from the members it has seen sign in.
     */
    memberForIdentity(account: SignedIn): Promise<SignInMember | undefined>;
    memberByEmail(email: string): Promise<SignInMember | undefined>;
  };
  /** True when the store answers (for /healthz). */
  healthy(): Promise<boolean>;
}

/** The embedded implementation: every call reads or writes this site's own store. */
function embeddedStore(db: Kysely<Database>): Store {
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
    pages: {
      directory: (query, page) => directoryPage(db, query, page),
      memberPosts: (username, page) => memberPostsPage(db, username, page),
    },
    assets: {
      file: (id, width) => findStoredFile(db, id, width),
      async save(owner, asset) {
        try {
          await db
            .insertInto('assets')
            .values({ ...asset.row, owner_id: owner?.id ?? null })
            .execute();
          return asset.row.id;
        } catch (error) {
          asset.discard();
          throw error;
        }
      },
      discardUpload: (id) => deleteUnusedUpload(db, id),
    },
    profile: {
      update: (caller, input, images) => updateProfile(db, caller.id, input, images),
      renamed: (oldUsername) => renamedUsername(db, oldUsername),
    },
    ownPosts: {
      find: (caller, postId) => ownPost(db, caller.id, postId),
      insert: (caller, input, file) => insertPost(db, caller.id, input, file),
      update: (caller, postId, input, file) => updatePost(db, caller.id, postId, input, file),
      remove: (caller, postId) => deletePost(db, caller.id, postId),
    },
    accounts: {
      emailTaken: (email) => emailTaken(db, email),
      usernameTaken: (username) => usernameTaken(db, username),
      inviteState: (key) => inviteState(db, key),
      signUp: (input) => createMember(db, input),
      memberForIdentity: (account) => memberForIdentity(db, account),
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
function guardAll(implementation: Store): Store {
  const guard =
    (name: string, method: Method) =>
    async (...args: never[]) => {
      try {
        return await method(...args);
      } catch (error) {
        if (error instanceof ApiError || error instanceof InviteError) throw error;
        console.error(`store.${name} failed:`, error);
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
  return Object.fromEntries(guarded) as Store;
}

// In front of a backend the local store keeps sessions and copies of signed-in members, which it
// replaces freely: it must not be a store with the site's own members and posts.
if (config.API_URL && (await db.selectFrom('posts').select('id').limit(1).executeTakeFirst())) {
  console.error(
    'Invalid configuration: API_URL is set, but DATA_DIR holds this site’s own posts; give the site in front of a backend a DATA_DIR of its own',
  );
  process.exit(1);
}

/** The backend when API_URL names one (docs/api.md), else this site's own store. */
export const store: Store = guardAll(
  config.API_URL ? remoteStore(config.API_URL, db, config.API_TIMEOUT_MS) : embeddedStore(db),
);

export { ApiError, InviteError };
export type { InviteState, SignUp };
