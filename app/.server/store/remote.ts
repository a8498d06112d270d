// The store seam as an HTTP client of an upstream backend (API_URL, docs/api.md "Running the site in
// front of an existing backend"). Every call of docs/product.md §7, with the member's Firebase ID
// token on writes; answers read tolerantly by remote-schemas.ts. What product §7 lacks is derived
// from the calls that exist, as the makerspace's original app did. This site's own store keeps
// sessions, limits, registration drafts and, for the header, a copy of each signed-in member.
// The plumbing is remote-http.ts; each group of calls has its module, assembled here.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Store } from './index';
import { remoteAccounts } from './remote-accounts';
import { remoteAssets, remoteUploads } from './remote-assets';
import { remoteHttp } from './remote-http';
import { memberCopy } from './remote-member-copy';
import { remoteMembers } from './remote-members';
import { remotePages } from './remote-pages';
import { remoteOwnPosts, remotePosts } from './remote-posts';
import { remoteProfile } from './remote-profile';
import { remoteProjects } from './remote-projects';

export function remoteStore(base: string, db: Kysely<Database>, timeoutMs: number): Store {
  const http = remoteHttp(base, timeoutMs);
  const uploads = remoteUploads(http);
  const copy = memberCopy(http, db);
  const members = remoteMembers(http);
  const posts = remotePosts(http, members);
  return {
    members,
    pages: remotePages(members),
    posts,
    projects: remoteProjects(http),
    assets: remoteAssets(http, uploads, db),
    profile: remoteProfile(http, members, uploads, copy),
    ownPosts: remoteOwnPosts(http, posts, uploads),
    accounts: remoteAccounts(http, uploads, copy, db),
    async healthy() {
      try {
        await http.send('health', '/page/generic/get_projects');
        return true;
      } catch {
        return false;
      }
    },
  };
}
