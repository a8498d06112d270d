// /profile — the signed-in member's own profile and posts (SPEC 2). Signed-in only.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { api, fromApi, requireUser } from '~/.server';
import { DeletePostLink } from '~/components/delete-post';
import { Avatar } from '~/components/images';
import { isoDay } from '~/lib/dates';
import { pageMeta } from '~/lib/meta';
import { postTitle } from '~/lib/text';

export const meta: MetaFunction = (args) =>
  pageMeta(args, { title: 'My Profile', description: 'Your member profile and posts.' });

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const member = await fromApi(api.members.byUsername(user.username));
  if (!member) throw new Response('Member not found', { status: 404 });
  return { member, email: user.email };
}

export default function Profile() {
  const { member, email } = useLoaderData<typeof loader>();
  const memberId = member.username.toLowerCase();
  return (
    <main id="main" className="page">
      <header className="page-header">
        <h1>My Profile</h1>
      </header>
      <div className="profile-grid">
        <section className="card" aria-labelledby="details-heading">
          <h2 id="details-heading">Profile Details</h2>
          <div className="member-card-top">
            <Avatar asset={member.avatar} name={member.fullname} size={96} lazy={false} />
            <div>
              <p className="member-name">{member.fullname}</p>
              <p className="muted">@{member.username}</p>
              <p className="muted">{email}</p>
            </div>
          </div>
          <h3 className="small-heading">Bio</h3>
          <p className="prewrap">{member.bio || 'No bio yet.'}</p>
          <h3 className="small-heading">Qualifications</h3>
          {member.qualifications.length ? (
            <ul className="ticks">
              {member.qualifications.map((qualification) => (
                <li key={qualification}>{qualification}</li>
              ))}
            </ul>
          ) : (
            <p className="muted">None listed.</p>
          )}
          <p>
            <Link to={`/members/${memberId}`}>See your public profile</Link>
          </p>
        </section>
        <section className="card" aria-labelledby="my-posts-heading">
          <div className="card-heading-row">
            <h2 id="my-posts-heading">My Posts</h2>
            <Link to="/posts/new" className="button button-small">
              Create New Post
            </Link>
          </div>
          {member.posts.length ? (
            <ul className="post-list">
              {member.posts.map((post) => (
                <li key={post.id} className="post-item">
                  <Link to={`/posts/${memberId}/${post.slug}`}>{postTitle(post.title)}</Link>
                  <span className="post-meta">
                    <time dateTime={post.created_at}>{isoDay(post.created_at)}</time>
                    {post.starred ? <span className="badge badge-featured">Featured</span> : null}
                    <Link
                      to={`/posts/edit/${post.id}`}
                      className="button button-small button-secondary"
                      aria-label={`Edit ${postTitle(post.title)}`}
                    >
                      Edit
                    </Link>
                    <DeletePostLink postId={post.id} title={postTitle(post.title)} />
                  </span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="muted">You have not posted yet.</p>
          )}
        </section>
      </div>
    </main>
  );
}
