// The store's `members` group against an upstream backend (remote.ts): get_members answers the whole
// list, which every other lookup by username reads too.
import type { Member } from '~/lib/models';
import type { Store } from './index';
import type { RemoteHttp } from './remote-http';
import { RemoteMembers } from './remote-schemas';
import { usernameKey } from '~/lib/username';

/** The member with `username` in `list`, whatever its case. */
export const findMember = (list: Member[], username: string) =>
  list.find((member) => usernameKey(member.username) === usernameKey(username)) ?? null;

export function remoteMembers(http: RemoteHttp): Store['members'] {
  const list = () => http.get('get_members', '/page/generic/get_members', RemoteMembers);
  return {
    list,
    byUsername: async (username) => findMember(await list(), username),
  };
}
