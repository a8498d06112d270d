// /profile/data.zip — 'Download my data' (docs/product.md §2): the signed-in member's profile, posts
// and uploaded files in one archive. Visitors go to /login first.
import type { LoaderFunctionArgs } from '@remix-run/node';

import { exportOwnData } from '~/.server';

export const loader = ({ request }: LoaderFunctionArgs) => exportOwnData(request);
