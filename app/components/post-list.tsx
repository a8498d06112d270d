// A member's posts as a list (title, YYYY-MM-DD date, Featured): on their public profile, and as
// 'My Posts' on /profile, where each row also gets its Edit and Delete controls.
import { Link } from '@remix-run/react';
import type { ReactNode } from 'react';
import { isoDay } from '~/lib/dates';
import type { PostSummary as Post } from '~/lib/display';
import { postTitle } from '~/lib/text';

export function PostList({
  posts,
  memberId,
  empty,
  extras,
}: {
  posts: Post[];
  memberId: string;
  empty: string;
  /** What follows the date and badges in a row. */
  extras: (post: Post, title: string) => ReactNode;
}) {
  if (!posts.length) return <p className="muted">{empty}</p>;
  return (
    <ul className="post-list">
      {posts.map((post) => (
        <li key={post.id}>
          <Link to={`/posts/${memberId}/${post.slug}`}>{postTitle(post.title)}</Link>
          <span className="post-meta">
            <time>{isoDay(post.created_at)}</time>
            {post.starred ? <span className="badge badge-featured">Featured</span> : null}
            {extras(post, postTitle(post.title))}
          </span>
        </li>
      ))}
    </ul>
  );
}
