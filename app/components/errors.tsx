import { isRouteErrorResponse, Link, useLocation, useRouteError } from '@remix-run/react';
import type { ReactNode } from 'react';
import { UNREADABLE_FORM } from '~/lib/unreadable-form';

/**
 * A field's errors, as a list its input names in aria-describedby. Here, in the root's chunk, so a
 * page with a plain form (/admin/usage) shows them without loading conform with forms.tsx.
 */
export function ErrorList({ id, errors }: { id?: string; errors?: string[] | null }) {
  if (!errors?.length) return null;
  return (
    <ul id={id} className="field-errors">
      {errors.map((error) => (
        <li key={error}>{error}</li>
      ))}
    </ul>
  );
}

/** docs/product.md §8: the note shown under every load failure. */
export const LOAD_FAILURE_NOTE =
  "Probably shouldn't happen, try again later or let us know whichever way you want";

/** The message a thrown loader response or error carries. */
export function errorMessage(error: unknown): string {
  if (isRouteErrorResponse(error)) {
    const data = error.data as { message?: string } | string | undefined;
    if (data && typeof data === 'object' && data.message) return data.message;
    if (typeof data === 'string' && data) return data;
    return error.statusText || `API request failed with status ${error.status}`;
  }
  if (error instanceof Error) return error.message;
  return 'Unknown error';
}

/** 'Failed to load {what}: {message}' with the product's note: the error view of a data page. */
export function LoadFailure({ what }: { what: string }) {
  const error = useRouteError();
  return (
    <main id="main" className="page narrow-page">
      <div className="error-panel" role="alert">
        <h1>
          Failed to load {what}: {errorMessage(error)}
        </h1>
        <p>{LOAD_FAILURE_NOTE}</p>
        <p>
          <Link to="/" className="button button-secondary">
            Back to Home
          </Link>
        </p>
      </div>
    </main>
  );
}

export function NotFoundPage() {
  return (
    <main id="main" className="page narrow-page center-page">
      <p className="big-number" aria-hidden="true">
        404
      </p>
      <h1>Page Not Found</h1>
      <p>The page you are looking for does not exist or may have moved.</p>
      <p>
        <Link to="/" className="button">
          Back to Home
        </Link>
      </p>
    </main>
  );
}

/** docs/product.md §2 crash fallback. 'Try Again' is a link to this same address, so it works without JavaScript. */
export function CrashPage() {
  const location = useLocation();
  return (
    <main id="main" className="page narrow-page center-page">
      <h1>Something Went Wrong</h1>
      <p>An unexpected error occurred. It has been logged, so the team can look into it.</p>
      <p className="button-row">
        <a href="/" className="button">
          Return to Home
        </a>
        <a href={location.pathname + location.search} className="button button-secondary">
          Try Again
        </a>
      </p>
    </main>
  );
}

/** A form whose body could not be read (forms.ts answers 400): the sender's to send again, not a crash. */
export const isUnreadableForm = (error: unknown) =>
  isRouteErrorResponse(error) && error.status === 400 && error.data === UNREADABLE_FORM;

/** The form's page again, so 'send it again' works without JavaScript. */
export function UnreadableFormPage() {
  const location = useLocation();
  return (
    <main id="main" className="page narrow-page center-page">
      <h1>Form Not Read</h1>
      <p role="alert">{UNREADABLE_FORM}</p>
      <p>
        <a href={location.pathname + location.search} className="button">
          Back to the form
        </a>
      </p>
    </main>
  );
}

/**
 * A route's error view, its copy stated in one line (the Epic Stack's GeneralErrorBoundary):
 * `notFound` for a 404, `failure` for anything else, the 404 page and the crash page where a route
 * gives neither. A data page says 'Failed to load {what}: ...' for both with `loadFailure`:
 *   export const ErrorBoundary = () => <GeneralErrorBoundary loadFailure="portfolio" />;
 */
export function GeneralErrorBoundary({
  notFound,
  failure,
  loadFailure,
}: {
  notFound?: ReactNode;
  failure?: ReactNode;
  loadFailure?: string;
}) {
  const error = useRouteError();
  if (isUnreadableForm(error)) return <UnreadableFormPage />;
  const load = loadFailure ? <LoadFailure what={loadFailure} /> : null;
  if (isRouteErrorResponse(error) && error.status === 404) return notFound ?? load ?? <NotFoundPage />;
  return failure ?? load ?? <CrashPage />;
}
