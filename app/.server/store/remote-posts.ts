// The store's `posts` and `ownPosts` groups against an upstream backend (remote.ts): a member's posts
// come from get_by_user; writes carry the member's token, and the backend checks the author.
import { discardChoices } from './asset-claims';
import type { Store } from './index';
import type { RemoteUploads } from './remote-assets';
import { answered, fieldFailure, type RemoteHttp } from './remote-http';
import { findMember } from './remote-members';
import { RemotePosts, RemoteWrittenPost } from './remote-schemas';

export function remotePosts(http: RemoteHttp, members: Store['members']): Store['posts'] {
  const byUsername = (username: string) =>
    http.post('get_by_user', '/page/posts/get_by_user', { username }, RemotePosts);
  return {
    byUsername,
    async byUsernameAndSlug(username, slug) {
      const [posts, list] = await Promise.all([byUsername(username), members.list()]);
      const author = findMember(list, username);
      const found = posts.find((candidate) => candidate.slug === slug);
      if (!author || !found) return null;
      return {
        ...found,
        author: { username: author.username, fullname: author.fullname, avatar: author.avatar },
      };
    },
  };
}

export function remoteOwnPosts(
  http: RemoteHttp,
  posts: Store['posts'],
  uploads: RemoteUploads,
): Store['ownPosts'] {
  const find: Store['ownPosts']['find'] = async (caller, postId) =>
    (await posts.byUsername(caller.username)).find((candidate) => candidate.id === postId) ?? null;
  return {
    find,
    async insert(caller, input, file) {
      const id = await uploads.fileId(caller.token, file);
      const written = await http
        .post('insert', '/page/posts/insert', { ...input, file_id: id }, RemoteWrittenPost, caller.token)
        .catch((error) => Promise.reject(fieldFailure(error)));
      // A backend that answers the id only: the slug is not needed to go on.
      return { id: written.id, slug: written.slug ?? '' };
    },
    async update(caller, postId, input, file) {
      let existing;
      try {
        existing = await find(caller, postId);
      } catch (error) {
        discardChoices(file);
        throw error;
      }
      if (!existing) {
        discardChoices(file);
        return false;
      }
      const id = file
        ? await uploads.fileId(caller.token, file)
        : input.removeFile
          ? null
          : (existing.file?.id ?? null);
      try {
        await http.send('edit', '/page/posts/edit', {
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
        if (answered(error, 404)) return false;
        throw fieldFailure(error);
      }
    },
    async remove(caller, postId) {
      try {
        await http.send('delete', '/page/posts/delete', {
          method: 'POST',
          token: caller.token,
          json: { id: postId },
        });
        return true;
      } catch (error) {
        if (answered(error, 404)) return false;
        throw error;
      }
    },
  };
}
