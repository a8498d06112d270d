// /register — two-step registration with an invite key (docs/product.md §2, §4, §5). Without
// JavaScript each step posts and the server answers; the server half is app/.server/registration.ts.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { getUser, redirect, registerDetails, registerProfile, registerView } from '~/.server';
import { DetailsStep, ProfileStep } from '~/components/register-steps';
import { TimedRedirect } from '~/components/timed-redirect';
import { pageMeta } from '~/lib/meta';

export const meta: MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Register',
    description: 'Join the Dublin makerspace community with your invite key.',
  });

export async function loader({ request }: LoaderFunctionArgs) {
  if (await getUser(request)) throw redirect('/profile');
  return registerView(request);
}

/** Step 1 posts a url-encoded form; step 2 a multipart one (it carries the images). */
export async function action({ request, context }: ActionFunctionArgs) {
  const isMultipart = (request.headers.get('Content-Type') ?? '').startsWith('multipart/form-data');
  return isMultipart ? registerProfile(request, context) : registerDetails(request, context);
}

export default function Register() {
  const view = useLoaderData<typeof loader>();
  if (view.step === 'done') {
    return (
      <main id="main" className="page auth-page">
        <div className="card auth-card">
          <TimedRedirect
            to={`/login?${new URLSearchParams({ email: view.email, notice: 'registered' })}`}
            seconds={2}
            title="Registration Successful"
            link="Sign in"
          >
            <p>Welcome aboard! Taking you to sign in...</p>
          </TimedRedirect>
        </div>
      </main>
    );
  }
  return (
    <main id="main" className="page auth-page">
      <div className="card auth-card">
        {view.step === 'profile' ? (
          <ProfileStep chosen={view.chosen} />
        ) : (
          <DetailsStep typed={view.typed} honeypot={view.honeypot} />
        )}
        <p className="form-footer">
          Already a member? <Link to="/login">Sign in</Link>
        </p>
        <p className="legal">
          By registering you agree to our <Link to="/terms">Terms</Link> and{' '}
          <Link to="/privacy">Privacy Policy</Link>.
        </p>
      </div>
    </main>
  );
}
