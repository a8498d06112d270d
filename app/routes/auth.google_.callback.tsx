// GET /auth/google/callback — the issuer sends the browser back here with a code. Only a verified
// e-mail that belongs to a member signs in (docs/product.md §5).
import type { LoaderFunctionArgs } from '@remix-run/node';
import { finishGoogleSignIn, GoogleSignInError, logAuthEvent, redirect, startSession } from '~/.server';

export async function loader({ request, context }: LoaderFunctionArgs) {
  let result: Awaited<ReturnType<typeof finishGoogleSignIn>>;
  try {
    result = await finishGoogleSignIn(request, context.clientAddress);
  } catch (error) {
    console.error('Google sign-in failed:', (error as Error).message);
    const key = error instanceof GoogleSignInError ? error.key : 'google-failed';
    logAuthEvent('sign-in-failed', { method: 'google', address: context.clientAddress, reason: key });
    return redirect(`/login?error=${key}`);
  }
  if (!result.memberId) {
    return redirect('/login?error=google-unknown', { headers: { 'Set-Cookie': result.clearCookie } });
  }
  const response = await startSession(result.memberId, result.from, result.tokens);
  response.headers.append('Set-Cookie', result.clearCookie);
  return response;
}
