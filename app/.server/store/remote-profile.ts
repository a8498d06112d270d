// The store's `profile` group against an upstream backend (remote.ts): update_profile takes the
// images by id, so new ones are uploaded first and unchanged ones sent as they are.
import { FieldError } from '~/lib/models';
import { discardChoices } from './asset-claims';
import type { Store } from './index';
import type { RemoteUploads } from './remote-assets';
import { fieldFailure, type RemoteHttp } from './remote-http';
import type { MemberCopy } from './remote-member-copy';

export function remoteProfile(
  http: RemoteHttp,
  members: Store['members'],
  uploads: RemoteUploads,
  copy: MemberCopy,
): Store['profile'] {
  return {
    async update(caller, input, images) {
      let avatarId: string | null;
      let bannerId: string | null;
      try {
        avatarId = await uploads.fileId(caller.token, images.avatar);
        bannerId = await uploads.fileId(caller.token, images.banner);
      } finally {
        // The banner's prepared files too, when the avatar's upload failed first.
        discardChoices(images.avatar, images.banner);
      }
      const current = avatarId && bannerId ? null : await members.byUsername(caller.username);
      try {
        await http.send('update_profile', '/page/profile/update_profile', {
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
      await copy
        .refresh({ ...caller, username: input.username })
        .catch((error) => console.error('API verify after update_profile failed:', (error as Error).message));
      return 'saved';
    },
    // Section 7 has no call for a member's old usernames.
    renamed: async () => null,
  };
}
