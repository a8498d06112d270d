// /resources/{slug}/next-free?minutes=N — 'Find the next free time' (docs/product.md §10): for a
// length the member picks (a GET form, so it works without JavaScript), the earliest free starts
// within the horizon on this machine and on its equivalents, each a link to its 'Confirm booking'
// page. Free by every rule of time and the calendar; the member's own limits are left to that page.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useLoaderData } from '@remix-run/react';
import { bookings, data, NextFreeQuerySchema, notFound, requireUser, SECRET_PAGE_CACHE } from '~/.server';
import { GeneralErrorBoundary, NotFoundPage } from '~/components/errors';
import { useIsPending } from '~/components/pending';
import { whenText } from '~/lib/bookings/format';
import { bookableLengths, lengthChoiceText } from '~/lib/bookings/next-free';
import { statusRefusal } from '~/lib/bookings/rules';
import { duration } from '~/lib/bookings/time';
import { pageMeta } from '~/lib/meta';

export const meta: MetaFunction<typeof loader> = (args) =>
  pageMeta(args, {
    title: `Next free time: ${args.data?.resource.name ?? 'a machine'}`,
    description: `The earliest free times to book ${args.data?.resource.name ?? 'a machine'} at the lab.`,
  });

/** What it lists changes with every booking and every minute: kept by no cache. */
export const headers = () => SECRET_PAGE_CACHE;

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request);
  const resource = await bookings.resources.bySlug(params.slug ?? '');
  if (!resource) notFound();
  const { rules } = resource;
  const query = new URL(request.url).searchParams;
  const page = {
    resource: {
      slug: resource.slug,
      name: resource.name,
      group: resource.equivalentGroup,
      outOfService: statusRefusal(resource)?.message ?? null,
    },
    lengths: bookableLengths(rules).map((minutes) => ({ minutes, label: duration(minutes) })),
    horizon: duration(rules.horizonDays * 1440, { days: true }),
    minutes: null as number | null,
    error: null as string | null,
    found: null as null | Awaited<ReturnType<typeof bookings.nextFree>>,
  };
  // The form only, until a length is picked.
  if (!query.has('minutes')) return page;
  const parsed = NextFreeQuerySchema.safeParse(Object.fromEntries(query));
  const minutes = parsed.success ? parsed.data.minutes : null;
  if (minutes === null || !bookableLengths(rules).includes(minutes))
    return data({ ...page, error: lengthChoiceText(rules) }, { status: 400 });
  return { ...page, minutes, found: await bookings.nextFree(resource, minutes) };
}

export default function NextFreeTime() {
  const { resource, lengths, horizon, minutes, error, found } = useLoaderData<typeof loader>();
  const busy = useIsPending();
  const calendar = `/resources/${resource.slug}`;
  // With equivalents, each start says which machine it is on.
  const several = (found?.searched.length ?? 0) > 1 || Boolean(resource.group);
  const others = found?.searched.filter((machine) => machine.slug !== resource.slug) ?? [];
  return (
    <main id="main" className="page narrow-page">
      <p>
        <Link to={calendar} className="back-link">
          ← {resource.name}
        </Link>
      </p>
      <h1>Find the next free time</h1>
      <p>
        {resource.group
          ? `On ${resource.name} and its equivalents (${resource.group}), up to ${horizon} ahead.`
          : `On ${resource.name}, up to ${horizon} ahead.`}
      </p>
      {resource.outOfService ? (
        <p className="notice" role="note">
          {resource.outOfService}
          {resource.group ? ' Its equivalents are searched.' : null}
        </p>
      ) : null}
      <Form method="get" className="card next-free-form">
        <div className="field">
          <label htmlFor="next-free-minutes">Length</label>
          <select
            id="next-free-minutes"
            name="minutes"
            defaultValue={minutes ?? lengths[0]?.minutes}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'next-free-minutes-error' : undefined}
          >
            {lengths.map((length) => (
              <option key={length.minutes} value={length.minutes}>
                {length.label}
              </option>
            ))}
          </select>
          {/* As ErrorList writes it, without loading conform for one select. */}
          {error ? (
            <ul id="next-free-minutes-error" className="field-errors">
              <li>{error}</li>
            </ul>
          ) : null}
        </div>
        <button type="submit" className="button" disabled={busy}>
          {busy ? 'Finding...' : 'Find free times'}
        </button>
      </Form>
      {found && minutes ? (
        <section aria-labelledby="free-times-heading" className="free-times">
          <h2 id="free-times-heading">Free for {duration(minutes)}</h2>
          {found.starts.length ? (
            <ol className="free-times-list">
              {found.starts.map((free) => (
                <li key={`${free.resource.slug} ${free.start}`}>
                  <Link
                    to={`/resources/${free.resource.slug}/book?${new URLSearchParams({ start: free.start })}`}
                  >
                    {whenText(free)}
                    {several ? <span className="free-machine"> on {free.resource.name}</span> : null}
                  </Link>
                </li>
              ))}
            </ol>
          ) : (
            <p>
              {`Nothing is free for ${duration(minutes)} in the next ${horizon}${several ? ' on these machines' : ''}.`}
            </p>
          )}
          <p className="muted">
            Times are Dublin time. Pick one to confirm it: your own limits are checked there.
            {others.length ? ` Also searched: ${others.map((machine) => machine.name).join(', ')}.` : null}
          </p>
        </section>
      ) : null}
      <p>
        <Link to={calendar}>Back to the calendar</Link>
      </p>
    </main>
  );
}

export const ErrorBoundary = () => (
  <GeneralErrorBoundary notFound={<NotFoundPage />} loadFailure="the free times" />
);
