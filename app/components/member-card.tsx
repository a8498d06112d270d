// A member's card on the directory. Its links are plain <a>: the list that holds cards gives them
// client-side navigation (useClientLinks), one listener instead of a <Link> per link.
import type { MemberCardModel, PostLink } from '~/lib/display';
import { cardName, postTitle, shortBio } from '~/lib/text';
import { Avatar } from './images';

/**
 * docs/product.md §2: a member card lists two posts, then '+N more' opens the rest of its newest
 * (CARD_POST_LIMIT in all) and a link to the member's page for everything.
 */
export const CARD_POSTS = 2;

/**
 * A row is its link, its day and Featured, with no wrapper. A plain function rather than a
 * component: a directory page holds up to 144 rows, and each component would be one more element
 * and call for React to make on every render.
 */
function postRow(memberId: string, post: PostLink) {
  return (
    <li key={post.slug}>
      <a href={`/posts/${memberId}/${post.slug}`}>{postTitle(post.title)}</a>
      {/* The day is a valid date string, so <time> needs no datetime attribute. */}
      <time>{post.day}</time>
      {post.starred ? <span className="badge badge-featured">Featured</span> : null}
    </li>
  );
}

/** The bio, cut per docs/product.md §5 with a read more / read less toggle that needs no JavaScript. */
export function CollapsibleBio({ bio, postCount }: { bio: string; postCount: number }) {
  const short = shortBio(bio, postCount);
  if (!short.isCut) return <p className="bio">{short.text}</p>;
  return (
    <details className="bio bio-toggle">
      <summary>
        <span className="bio-short">{short.text} </span>
        <span className="toggle-label">
          <span className="when-closed">read more</span>
          <span className="when-open">read less</span>
        </span>
      </summary>
      <p className="bio-full">{bio.trim()}</p>
    </details>
  );
}

export function MemberCard({ member }: { member: MemberCardModel }) {
  const memberId = member.username.toLowerCase();
  const shown = member.posts.slice(0, CARD_POSTS);
  const more = member.posts.slice(CARD_POSTS);
  const headingId = `member-${memberId}`;
  return (
    <article className="card member-card" aria-labelledby={headingId}>
      <div className="member-card-top">
        <Avatar asset={member.avatar} name={member.fullname || member.username} size={96} />
        <div>
          <h2 id={headingId} className="member-name">
            <a href={`/members/${memberId}`}>{cardName(member.fullname || member.username)}</a>
          </h2>
          {member.qualifications[0] ? <p className="member-title">{member.qualifications[0]}</p> : null}
        </div>
      </div>
      {member.bio.trim() ? <CollapsibleBio bio={member.bio} postCount={member.postCount} /> : null}
      {member.posts.length ? (
        <div className="member-posts">
          <h3 className="small-heading">Posts</h3>
          <ul className="post-list">{shown.map((post) => postRow(memberId, post))}</ul>
          {more.length ? (
            <details className="more-posts">
              <summary>
                <span className="when-closed">{`+${member.postCount - shown.length} more`}</span>
                <span className="when-open">show less</span>
              </summary>
              <ul className="post-list">{more.map((post) => postRow(memberId, post))}</ul>
              {member.postCount > member.posts.length ? (
                <a href={`/members/${memberId}`} className="all-posts">
                  {`All ${member.postCount} posts`}
                </a>
              ) : null}
            </details>
          ) : null}
        </div>
      ) : null}
    </article>
  );
}
