// POST /profile/directory — 'Hide me from the directory' and back (docs/product.md §2), from the
// form on /profile. A GET goes to /profile. Server half: app/.server/own-data.ts.
import type { ActionFunctionArgs } from '@remix-run/node';
import { redirect, setDirectoryListing } from '~/.server';

export const loader = () => redirect('/profile');

export const action = ({ request }: ActionFunctionArgs) => setDirectoryListing(request);
