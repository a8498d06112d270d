// Any other path: the 404 page (docs/product.md §2), with a real 404 status.
import type { MetaFunction } from '@remix-run/node';
import { NotFoundPage } from '~/components/errors';
import { pageMeta } from '~/lib/meta';
import { data } from '~/.server';

export const meta: MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Page Not Found',
    description: 'The page you are looking for does not exist or may have moved.',
  });

export function loader() {
  return data(null, { status: 404 });
}

export default NotFoundPage;
