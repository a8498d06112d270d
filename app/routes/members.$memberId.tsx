// /members/{memberId} — a member's profile (docs/product.md §2); the id is the lower-cased username.
// Their posts come in pages of 24 (`?page=N`).
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData, useRouteLoaderData } from '@remix-run/react';
import { fromStore, notFound, PUBLIC_PAGE_CACHE, redirect, store } from '~/.server';
import { GeneralErrorBoundary } from '~/components/errors';
import { Avatar, Banner } from '~/components/images';
import { PostList } from '~/components/post-list';
import { assetUrl, initialsAvatarUrl } from '~/lib/images';
import { pageLinks, pageMeta, publicUrlFrom } from '~/lib/meta';
import { pageHref, requestedPage } from '~/lib/pagination';
import { Pager } from '~/components/pager';
import { feedLink, memberFeedPath } from '~/lib/feed-links';
import { firstName, sharingDescription } from '~/lib/text';
import { READ_PAGE } from '~/lib/hydration';
import type { loader as rootLoader } from '~/root';

export const meta: MetaFunction<typeof loader> = (args) => {
  const data = args.data;
  const member = data?.member;
  if (!data || !member) {
    return pageMeta(args, {
      title: 'Member not found',
      description: 'This member profile could not be loaded.',
    });
  }
  const base = publicUrlFrom(args.matches);
  const about = member.bio.trim() || `${member.fullname} is a member of our Dublin makerspace.`;
  const image = member.avatar
    ? `${base}${assetUrl(member.avatar.id, 340)}`
    : `${base}${initialsAvatarUrl(member.fullname)}`;
  const profileUrl = `${base}/members/${member.username.toLowerCase()}`;
  const href = postsHref(member.username);
  return pageMeta(args, {
    title: data.page > 1 ? `${member.fullname}, page ${data.page}` : member.fullname,
    canonical: href(data.page),
    description: about,
    sharingDescription: sharingDescription(about),
    keywords: [member.fullname, member.username, ...member.qualifications],
    image,
    type: 'profile',
    extra: [
      // A member who left the directory has no feed, and asks search engines to pass them by.
      member.hidden
        ? { name: 'robots', content: 'noindex' }
        : feedLink(base, memberFeedPath(member.username), `${member.fullname}: posts`),
      ...pageLinks(base, data, href),
      { property: 'profile:username', content: member.username },
      {
        'script:ld+json': {
          '@context': 'https://schema.org',
          '@type': 'Person',
          name: member.fullname,
          alternateName: member.username,
          description: sharingDescription(about),
          jobTitle: member.qualifications[0],
          url: profileUrl,
          image: { '@type': 'ImageObject', url: image, contentUrl: image, caption: member.fullname },
        },
      },
    ],
  });
};

export const handle = READ_PAGE;

export async function loader({ params, request }: LoaderFunctionArgs) {
  const memberId = params.memberId ?? '';
  if (memberId !== memberId.toLowerCase()) throw redirect(`/members/${memberId.toLowerCase()}`, 301);
  const page = requestedPage(new URL(request.url).searchParams.get('page'));
  const found = await fromStore(store.pages.memberPosts(memberId, page));
  if (!found) {
    // A renamed member's old address moves for good to the new one.
    const renamed = await fromStore(store.profile.renamed(memberId));
    if (renamed) throw redirect(`/members/${renamed.toLowerCase()}`, 301);
    notFound('Member not found');
  }
  return found;
}

const postsHref = (username: string) => (page: number) =>
  pageHref(`/members/${username.toLowerCase()}`, page);

export const headers = () => PUBLIC_PAGE_CACHE;

export default function MemberProfile() {
  const { member, posts, page, pages } = useLoaderData<typeof loader>();
  const memberId = member.username.toLowerCase();
  const first = firstName(member.fullname, member.username);
  const viewer = useRouteLoaderData<typeof rootLoader>('root')?.user;
  const ownPage = viewer?.username.toLowerCase() === memberId;
  return (
    <main id="main" className="profile">
      <div className="profile-banner">
        <Banner asset={member.banner} kind="banner" loading="lcp" />
      </div>
      <div className="page profile-body">
        <header className="profile-header">
          <Avatar
            asset={member.avatar}
            name={member.fullname || member.username}
            size={170}
            className="profile-avatar"
            lazy={false}
          />
          <div>
            <h1>{member.fullname}</h1>
            {member.qualifications[0] ? <p className="member-title">{member.qualifications[0]}</p> : null}
            <p className="muted">@{member.username}</p>
            {member.hidden ? (
              <p className="notice">
                {ownPage ? (
                  <>
                    You are hidden from the members directory.{' '}
                    <Link to="/profile#directory-heading">Change this on My Profile</Link>.
                  </>
                ) : (
                  `${member.fullname} has chosen not to be listed in the members directory.`
                )}
              </p>
            ) : null}
          </div>
        </header>

        <div className="profile-grid">
          <section className="card" aria-labelledby="about-heading">
            <h2 id="about-heading">About Me</h2>
            {member.bio.trim() ? (
              <p className="prewrap">{member.bio.trim()}</p>
            ) : (
              <p className="muted">{first} has not written a bio yet.</p>
            )}
          </section>

          <section className="card" aria-labelledby="qualifications-heading">
            <h2 id="qualifications-heading">Qualifications</h2>
            {member.qualifications.length ? (
              <ul className="ticks">
                {member.qualifications.map((qualification) => (
                  <li key={qualification}>{qualification}</li>
                ))}
              </ul>
            ) : (
              <p className="muted">No qualifications listed.</p>
            )}
          </section>

          <section className="card wide" aria-labelledby="posts-heading">
            <h2 id="posts-heading">{first}&apos;s Posts</h2>
            <PostList
              posts={posts}
              memberId={memberId}
              empty="No posts yet."
              extras={(post) => (post.file ? <span className="badge">Attachment</span> : null)}
            />
            <Pager page={page} pages={pages} label="Posts pages" href={postsHref(member.username)} />
          </section>

          <section className="card wide" aria-labelledby="projects-heading">
            <h2 id="projects-heading">Projects</h2>
            <p className="muted">No projects to show yet.</p>
          </section>
        </div>
      </div>
    </main>
  );
}

export const ErrorBoundary = () => <GeneralErrorBoundary loadFailure="member profile" />;
