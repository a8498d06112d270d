// GET /auth/google?from=… — starts Google sign-in: remembers this attempt in a sealed cookie and
// sends the browser to the issuer (works without JavaScript).
import type { LoaderFunctionArgs } from '@remix-run/node';
import { googleEnabled, redirect, startGoogleSignIn } from '~/.server';
import { safeRedirectPath } from '~/lib/redirects';

export async function loader({ request }: LoaderFunctionArgs) {
  if (!googleEnabled) throw redirect('/login');
  const from = safeRedirectPath(new URL(request.url).searchParams.get('from'), '/profile');
  try {
    const { url, cookie } = await startGoogleSignIn(from);
    return redirect(url, { headers: { 'Set-Cookie': cookie } });
  } catch (error) {
    console.error('Google sign-in could not start:', (error as Error).message);
    return redirect('/login?error=google-failed');
  }
}
