// The API seam (DESIGN.md 1): SPEC section 7 as a typed interface. Routes call `api` and never
// look past it; the embedded implementation below reads the SQLite store. A store failure
// surfaces as ApiError(500), whose message is SPEC 8's 'API request failed with status 500'.
import { sql } from 'kysely';
import { db } from '../db';
import { findStoredFile, type StoredFile } from '../assets';
import { ApiError, type Member, type Post, type PostWithAuthor, type Project } from '~/lib/models';
import { listMembers, memberByUsername } from './members';
import { postByUsernameAndSlug, postsByUsername } from './posts';
import { listProjects, projectByIdOrSlug } from './projects';

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
  };
  /** True when the store answers (for /healthz). */
  healthy(): Promise<boolean>;
}

/** Turns any store failure into the API's own error, logging the cause once. */
function guarded<Args extends unknown[], Result>(name: string, fn: (...args: Args) => Promise<Result>) {
  return async (...args: Args): Promise<Result> => {
    try {
      return await fn(...args);
    } catch (error) {
      if (error instanceof ApiError) throw error;
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

export { ApiError };
