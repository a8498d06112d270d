// POST /logout — ends the session and goes to /login (docs/product.md §4). GET only redirects: logging out is a
// state change, so it never happens on a link or a prefetch.
import type { ActionFunctionArgs } from '@remix-run/node';
import { redirect, signOut } from '~/.server';

export async function action({ request }: ActionFunctionArgs) {
  return signOut(request, '/login');
}

export const loader = () => redirect('/');
