// The `members` group against a small real backend: the whole list, a member found by name
// whatever its case.
import { describe, expect, it } from 'vitest';
import { useRemoteBackend } from '../../../tests/support/backend';
import { remoteMembers } from './remote-members';

const remote = useRemoteBackend();

describe('remoteMembers', () => {
  it('lists the members and finds one by username whatever its case', async () => {
    remote.backend.answer('GET /api/page/generic/get_members', {
      json: { results: [{ username: 'Sam', fullname: 'Sam Byrne' }, { username: 'ana' }] },
    });
    const members = remoteMembers(remote.http);
    expect((await members.list()).map((member) => member.username)).toEqual(['Sam', 'ana']);
    expect(await members.byUsername('SAM')).toMatchObject({
      username: 'Sam',
      fullname: 'Sam Byrne',
      posts: [],
    });
    expect(await members.byUsername('nobody')).toBeNull();
  });
});
