// /posts/{username}/{slug} — one post (docs/product.md §2).
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData, useRouteLoaderData } from '@remix-run/react';
import { fromStore, notFound, PUBLIC_PAGE_CACHE, redirect, store } from '~/.server';
import { GeneralErrorBoundary } from '~/components/errors';
import { Avatar } from '~/components/images';
import { longDate } from '~/lib/dates';
import { pageMeta } from '~/lib/meta';
import { hasContent, postTitle } from '~/lib/text';
import { READ_PAGE } from '~/lib/hydration';
import type { loader as rootLoader } from '~/root';

export const meta: MetaFunction<typeof loader> = (args) => {
  const post = args.data?.post;
  if (!post)
    return pageMeta(args, { title: 'Post not found', description: 'This post could not be loaded.' });
  const image = post.file?.mime_type.startsWith('image/') ? `/assets/${post.file.id}?w=1280` : undefined;
  return pageMeta(args, {
    title: postTitle(post.title),
    description: hasContent(post.content)
      ? post.content
      : `A post by ${post.author.fullname} at our Dublin makerspace.`,
    keywords: [post.author.fullname, 'post'],
    type: 'article',
    image,
    extra: [{ property: 'article:published_time', content: post.created_at }],
  });
};

export const handle = READ_PAGE;

export async function loader({ params }: LoaderFunctionArgs) {
  const username = params.username ?? '';
  const slug = params.slug ?? '';
  // docs/product.md §2: member cards link with the lower-cased username; other casings are the same post.
  if (username !== username.toLowerCase()) throw redirect(`/posts/${username.toLowerCase()}/${slug}`, 301);
  const post = await fromStore(store.posts.byUsernameAndSlug(username, slug));
  if (!post) {
    const renamed = await fromStore(store.profile.renamed(username));
    if (renamed) throw redirect(`/posts/${renamed.toLowerCase()}/${slug}`, 301);
    notFound('Post not found');
  }
  return { post };
}

export const headers = () => PUBLIC_PAGE_CACHE;

export default function PostView() {
  const { post } = useLoaderData<typeof loader>();
  const memberId = post.author.username.toLowerCase();
  const isImage = post.file?.mime_type.startsWith('image/');
  const admin = useRouteLoaderData<typeof rootLoader>('root')?.user?.admin;
  return (
    <main id="main" className="page narrow-page">
      <article className="post">
        <header className="post-header">
          <h1>{postTitle(post.title)}</h1>
          {post.starred ? <p className="badge badge-featured">Featured</p> : null}
        </header>

        {hasContent(post.content) ? <pre className="post-content">{post.content}</pre> : null}

        {post.file ? (
          <section className="attachment" aria-labelledby="attachment-heading">
            <h2 id="attachment-heading">Attached File</h2>
            {isImage ? (
              <img
                src={`/assets/${post.file.id}?w=1280`}
                alt=""
                className="attachment-preview"
                loading="lazy"
              />
            ) : null}
            <p>
              <span className="file-name">{post.file.name}</span>{' '}
              <a
                href={`/assets/${post.file.id}/${encodeURIComponent(post.file.name)}`}
                download={post.file.name}
                className="button button-secondary"
              >
                Download
              </a>
            </p>
          </section>
        ) : null}

        {!hasContent(post.content) && !post.file ? (
          <p className="empty-state">This post has no content or attachments.</p>
        ) : null}

        <footer className="post-footer">
          <Avatar asset={post.author.avatar} name={post.author.fullname} size={48} />
          <p>
            Posted by <Link to={`/members/${memberId}`}>{post.author.fullname}</Link>
            <br />
            <time dateTime={post.created_at}>{longDate(post.created_at)}</time>
          </p>
          {admin ? (
            <Link to={`/admin/posts/${post.id}/remove`} className="button button-small button-danger">
              Remove post
            </Link>
          ) : null}
        </footer>
      </article>
    </main>
  );
}

export const ErrorBoundary = () => <GeneralErrorBoundary loadFailure="post" />;
