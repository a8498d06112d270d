import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';

import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useRouteLoaderData,
} from '@remix-run/react';
import type { ReactNode } from 'react';
import { bookings, config, getUser } from '~/.server';
import { GeneralErrorBoundary, isUnreadableForm } from './components/errors';
import { Footer } from './components/footer';
import { Header } from './components/header';
import { useNonce } from './components/nonce';
import { PendingNavigation } from './components/pending';
import { wantsScripts } from './lib/hydration';
import { SITE_NAME } from './lib/site';
import styles from './styles/app.css';

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: styles },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

export async function loader({ request }: LoaderFunctionArgs) {
  // docs/product.md §4 'verify': every request resolves the signed-in member from the session row.
  const user = await getUser(request);
  return {
    publicUrl: config.PUBLIC_URL,
    contactEmail: config.CONTACT_EMAIL,
    user: user
      ? {
          username: user.username,
          fullname: user.fullname,
          admin: user.role === 'admin',
          // docs/product.md §10: inductors (and admins) sign members off at /inductions.
          inductor: await bookings.inductions.isInductor(user),
          // docs/product.md §10 'Approvals': approvers (and admins) decide requests at /approvals.
          approver: await bookings.approvals.mayDecide(user),
          // docs/product.md §10 'Credits': the menu links /credits once the lab hands any out.
          credits: await bookings.credits.labHasCredits(),
        }
      : null,
  };
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const data = useRouteLoaderData<typeof loader>('root');
  const handles = useMatches().map((match) => match.handle);
  // In the browser the scripts are already running (client navigation): never take them away.
  const scripts = typeof document !== 'undefined' || wantsScripts(handles, Boolean(data?.user));
  return (
    <html lang="en-IE">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#16181d" />
        <Meta />
        <Links />
      </head>
      <body>
        <a href="#main" className="skip-link">
          Skip to content
        </a>
        <Header user={data?.user ?? null} />
        <PendingNavigation />
        {children}
        <Footer contactEmail={data?.contactEmail ?? 'hello@makerspace.ie'} />
        {scripts ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : null}
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export const ErrorBoundary = () => <GeneralErrorBoundary />;

const errorTitle = (error: unknown) =>
  isRouteErrorResponse(error) && error.status === 404
    ? 'Page Not Found'
    : isUnreadableForm(error)
      ? 'Form Not Read'
      : 'Something Went Wrong';

export const meta: MetaFunction = ({ error }) => [{ title: `${errorTitle(error)} | ${SITE_NAME}` }];
