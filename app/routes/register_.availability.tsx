// GET /register/availability?email=… or ?username=… — the debounced uniqueness check of
// registration step 1 (docs/product.md §5). Failures are ignored by the page; the server checks again on submit.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { data, LIMITS, store, UsernameSchema, withinAddressLimit } from '~/.server';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  if (!(await withinAddressLimit(context, 'availability', LIMITS.availabilityChecksPerAddress))) {
    return data({ status: 'unknown' as const }, { status: 429 });
  }
  const email = url.searchParams.get('email');
  const username = url.searchParams.get('username');
  const headers = { 'Cache-Control': 'no-store' };
  if (email !== null) {
    const valid = email.includes('@') && email.length <= 254;
    return data(
      { status: valid ? ((await store.accounts.emailTaken(email)) ? 'taken' : 'available') : 'invalid' },
      { headers },
    );
  }
  if (username !== null) {
    const valid = UsernameSchema.safeParse(username).success;
    return data(
      {
        status: valid ? ((await store.accounts.usernameTaken(username)) ? 'taken' : 'available') : 'invalid',
      },
      { headers },
    );
  }
  return data({ status: 'invalid' as const }, { status: 400, headers });
}
