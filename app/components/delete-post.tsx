import { Link, useFetcher } from '@remix-run/react';
import { useEffect, type MouseEvent } from 'react';
import { DELETE_FAILED, DELETE_QUESTION } from '~/lib/posts';

/**
 * 'Delete' for an own post. Without JavaScript it is a link to the confirmation page; with it the
 * browser's confirm() asks and the post is deleted in place (docs/product.md §2 and 8).
 */
export function DeletePostLink({ postId, title }: { postId: string; title: string }) {
  const fetcher = useFetcher<{ error?: string }>();
  const action = `/posts/delete/${postId}`;
  useEffect(() => {
    if (fetcher.state === 'idle' && fetcher.data?.error) window.alert(DELETE_FAILED);
  }, [fetcher.state, fetcher.data]);
  function confirmDelete(event: MouseEvent<HTMLAnchorElement>) {
    event.preventDefault();
    if (window.confirm(DELETE_QUESTION)) fetcher.submit(null, { method: 'post', action });
  }
  return (
    <Link
      to={action}
      onClick={confirmDelete}
      className="button button-small button-secondary"
      aria-label={`Delete ${title}`}
    >
      {fetcher.state !== 'idle' ? 'Deleting...' : 'Delete'}
    </Link>
  );
}
