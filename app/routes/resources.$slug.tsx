// /resources/{slug} — one machine (docs/product.md §10): what it is, its rules in plain words, the
// induction it needs, and a week of its calendar from `?from=YYYY-MM-DD` in Dublin time (on a phone
// one day of it, `?day=YYYY-MM-DD`, with links to the others and the whole week). Visitors
// and other members see 'Booked', never who. A member without the induction may ask for it here; a
// paused member (three strikes) is told so above the week, whose free slots are then no links.
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useRouteLoaderData } from '@remix-run/react';
import {
  askForInduction,
  bookings,
  data,
  FORM_LIMITS,
  formError,
  formReply,
  getUser,
  inductionFor,
  InductionRequestSchema,
  notFound,
  parseWithZod,
  PUBLIC_PAGE_CACHE,
  readForm,
  requireUser,
  tooLarge,
} from '~/.server';
import { GeneralErrorBoundary, NotFoundPage } from '~/components/errors';
import { lazyForm } from '~/components/lazy-form';
import { ResourcePhoto, ResourceStatus } from '~/components/resources';
import { RESOURCE_KINDS } from '~/lib/bookings/models';
import { describeRules, inductionRefusal, renewalText } from '~/lib/bookings/rules';
import { SLOT_TEXT, weekStart } from '~/lib/bookings/slots';
import { addDays, duration, parseLabDay, shortDayName, longDayName } from '~/lib/bookings/time';
import { bookableLengths } from '~/lib/bookings/next-free';
import { chosenDay, dayChoices, nextChange, slotLines, WHOLE_WEEK } from '~/lib/bookings/week-view';
import { READ_PAGE } from '~/lib/hydration';
import { pageMeta, publicUrlFrom } from '~/lib/meta';
import { RENDER_EXPIRES, renderExpires } from '~/lib/render-expiry';
import { metaDescription } from '~/lib/text';
import { assetUrl } from '~/lib/images';
import { HeatMapChart } from '~/components/usage-charts';
import { busyShares, QUIET_WEEKS, quietLines } from '~/lib/usage/quiet';

// 'Request an induction' loads after the page, with conform: most who open a machine never see it.
const InductionRequest = lazyForm(() =>
  import('~/components/induction-request').then((module) => module.InductionRequest),
);

export const meta: MetaFunction<typeof loader> = (args) => {
  const resource = args.data?.resource;
  if (!resource) return pageMeta(args, { title: 'Not found', description: 'No such machine at the lab.' });
  const base = publicUrlFrom(args.matches);
  const description = resource.description || `${resource.name}: see when it is free and book it at the lab.`;
  const image = resource.photo ? assetUrl(resource.photo.id, 960) : undefined;
  return pageMeta(args, {
    title: resource.name,
    description,
    keywords: [resource.name, RESOURCE_KINDS[resource.kind], 'book'],
    image,
    extra: [
      // Its public feed of busy times, for calendar apps and feed readers that look for one.
      {
        tagName: 'link',
        rel: 'alternate',
        type: 'text/calendar',
        title: `${resource.name}: busy times`,
        href: `${base}/resources/${resource.slug}/calendar.ics`,
      },
      {
        'script:ld+json': {
          '@context': 'https://schema.org',
          '@type': 'Thing',
          name: resource.name,
          description: metaDescription(description),
          url: `${base}/resources/${resource.slug}`,
          ...(image ? { image: `${base}${image}` } : {}),
        },
      },
    ],
  });
};

export const handle = READ_PAGE;

async function resourceFor(slug: string | undefined) {
  const resource = await bookings.resources.bySlug(slug ?? '');
  if (!resource) notFound();
  return resource;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const now = new Date();
  const [resource, user] = await Promise.all([resourceFor(params.slug), getUser(request)]);
  const query = new URL(request.url).searchParams;
  const from = weekStart(parseLabDay(query.get('from')), now);
  const [days, viewer, atLimit, paused, quiet] = await Promise.all([
    bookings.week(resource, from, user?.id ?? null, now),
    user ? inductionFor(resource, user.id, now) : null,
    user ? bookings.atLimit(resource, user.id, now) : null,
    user ? bookings.strikes.paused(user.id, now) : null,
    bookings.usage.quietHours(resource, now),
  ]);
  const { rules, ...shown } = resource;
  const shares = quiet && busyShares(quiet);
  return data(
    {
      resource: shown,
      rules: describeRules(rules),
      // 'Find the next free time': the lengths a booking here may have.
      lengths: bookableLengths(rules).map((minutes) => ({ minutes, label: duration(minutes) })),
      from,
      // The day a narrow screen shows (null: all seven); wide screens show the week either way.
      chosen: chosenDay(query.get('day'), from),
      week: days.map((day) => ({
        day: day.day,
        open: day.open,
        lines: slotLines(day, rules.slotMinutes),
      })),
      signedIn: Boolean(user),
      // What stops the member booking, or that their induction expires soon: the request form's heading.
      refusal: viewer
        ? (inductionRefusal(viewer.standing)?.message ?? renewalText(viewer.standing, now))
        : null,
      requested: viewer?.requested ?? false,
      atLimit,
      // Three strikes: no booking links until the day it lifts (nextChange includes that midnight).
      paused,
      // When it is usually free: none when it was not booked at all in those weeks.
      quiet:
        shares && quiet.some((day) => day.some((cell) => cell && cell.booked > 0))
          ? { shares, lines: quietLines(shares) }
          : null,
    },
    // Which slots are past, and which day is today, change with the clock alone.
    { headers: renderExpires(nextChange(rules, days, now)) },
  );
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const resource = await resourceFor(params.slug);
  const formData = await readForm(request);
  if (!formData) return tooLarge(FORM_LIMITS.text);
  // The page has one form; anything else was not sent by it.
  if (formData.get('intent') !== 'request-induction') return formReply(formError('Unknown action.'));
  const submission = parseWithZod(formData, { schema: InductionRequestSchema });
  if (submission.status !== 'success') return formReply(submission.reply());
  const outcome = await askForInduction(user, resource, submission.value.message);
  const name = resource.induction?.name;
  const notice =
    outcome === 'requested'
      ? 'Induction requested. An inductor will be in touch.'
      : outcome === 'already-open'
        ? `You have already requested the ${name}. An inductor will be in touch.`
        : name
          ? `You hold the ${name}: you can book this.`
          : 'This needs no induction: you can book it.';
  return { result: submission.reply({ resetForm: true }), notice };
}

export const headers: HeadersFunction = ({ loaderHeaders }) => {
  const expires = loaderHeaders.get(RENDER_EXPIRES);
  return { ...PUBLIC_PAGE_CACHE, ...(expires ? { [RENDER_EXPIRES]: expires } : {}) };
};

export default function ResourcePage() {
  const {
    resource,
    rules,
    lengths,
    from,
    chosen,
    week,
    signedIn,
    refusal,
    requested,
    atLimit,
    paused,
    quiet,
  } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const notice = actionData && 'notice' in actionData ? actionData.notice : null;
  const available = resource.status === 'available';
  const mayBook = available && !refusal && !atLimit && !paused;
  // Out of service, its equivalents may still be free.
  const mayFind = signedIn && !refusal && !paused && (available || Boolean(resource.equivalentGroup));
  const path = `/resources/${resource.slug}`;
  // Another week keeps the whole week on a phone once asked for; a day is the week's first.
  const weekHref = (day: string) =>
    `${path}?${new URLSearchParams({ from: day, ...(chosen ? {} : { day: WHOLE_WEEK }) })}`;
  const dayHref = (day: string) => `${path}?${new URLSearchParams({ from, day })}`;
  const last = addDays(from, 6);
  const feedBase = useRouteLoaderData<{ publicUrl: string }>('root')?.publicUrl ?? '';
  return (
    <main id="main" className="page resource-page">
      <p>
        <Link to="/resources" className="back-link">
          ← All machines
        </Link>
      </p>
      <div className="resource-intro">
        <ResourcePhoto
          photo={resource.photo}
          loading="lcp"
          sizes="(max-width: 800px) 100vw, 480px"
          className="resource-photo resource-photo-large"
        />
        <div>
          <p className="eyebrow-dark">{RESOURCE_KINDS[resource.kind]}</p>
          <h1>{resource.name}</h1>
          <p className="resource-facts">
            {/* The spaces between the facts and between the week links are for a browser without CSS
                (w3m): in the flex rows they take no room. */}
            <ResourceStatus status={resource.status} />{' '}
            {resource.induction ? (
              <span className="muted">Needs the {resource.induction.name}</span>
            ) : (
              <span className="muted">No induction needed</span>
            )}
          </p>
          {available ? null : (
            <p className="notice" role="note">
              Out of service{resource.statusReason ? `: ${resource.statusReason}` : '.'} It cannot be booked
              until it is back.
            </p>
          )}
          {resource.description ? <p className="prewrap">{resource.description}</p> : null}
          <h2 className="rules-heading">How booking works here</h2>
          <ul className="ticks">
            {rules.map((rule) => (
              <li key={rule}>{rule}</li>
            ))}
          </ul>
          {signedIn || !available ? null : (
            <p>
              <Link to={`/login?${new URLSearchParams({ from: path })}`} className="button" rel="nofollow">
                Sign in to book
              </Link>
            </p>
          )}
          {mayFind ? <NextFreeForm path={path} lengths={lengths} group={resource.equivalentGroup} /> : null}
          {refusal ? (
            <InductionRequest
              refusal={refusal}
              requested={requested}
              notice={notice}
              result={actionData?.result}
            />
          ) : null}
        </div>
      </div>

      <section aria-labelledby="week-heading" className="week">
        <div className="week-header">
          <h2 id="week-heading">
            {shortDayName(from)} to {shortDayName(last)}
          </h2>
          <nav aria-label="Weeks" className="week-nav">
            <Link to={weekHref(addDays(from, -7))} rel="nofollow" preventScrollReset>
              ← Previous week
            </Link>{' '}
            <Link to={weekHref(addDays(from, 7))} rel="nofollow" preventScrollReset>
              Next week →
            </Link>
          </nav>
        </div>
        <p className="muted week-note">
          Times are Dublin time. Its busy times in your calendar app:{' '}
          <a href={`${feedBase.replace(/^https?:/, 'webcal:')}${path}/calendar.ics`}>Subscribe</a> (or the{' '}
          <a href={`${path}/calendar.ics`}>feed’s address</a>).
        </p>
        {paused ? (
          <p className="notice" role="note">
            <strong>Your new bookings are paused.</strong> {paused}{' '}
            <Link to="/bookings#strikes-heading">Your strikes</Link>
          </p>
        ) : atLimit && available && !refusal ? (
          <p className="notice" role="note">
            {atLimit} <Link to="/bookings">My bookings</Link>
          </p>
        ) : null}
        <nav aria-label="Days" className="day-chooser">
          <ul>
            {dayChoices(from, chosen).map(({ day, label, current }) => (
              <li key={day}>
                <Link
                  to={dayHref(day)}
                  rel="nofollow"
                  preventScrollReset
                  aria-current={current ? 'true' : undefined}
                >
                  {/* A line each on a phone; the space is for a browser without CSS. */}
                  {label.map((part, index) => (
                    <span key={part}>
                      {index ? ' ' : null}
                      {part}
                    </span>
                  ))}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className={chosen ? 'week-days week-one-day' : 'week-days'}>
          {week.map((day) => (
            <section
              key={day.day}
              aria-labelledby={`day-${day.day}`}
              className={day.day === chosen ? 'week-day week-day-chosen' : 'week-day'}
            >
              <h3 id={`day-${day.day}`}>
                <abbr title={longDayName(day.day)}>{shortDayName(day.day)}</abbr>
              </h3>
              {day.open ? (
                <ul className="slots">
                  {day.lines.map((line) =>
                    line.state === 'free' ? (
                      mayBook ? (
                        <li key={line.start}>
                          <Link
                            to={`${path}/book?${new URLSearchParams({ start: line.start })}`}
                            className="slot slot-free"
                          >
                            {`${line.time} ${SLOT_TEXT.free}`}
                          </Link>
                        </li>
                      ) : (
                        <li key={line.start} className="slot slot-free">
                          {`${line.time} ${SLOT_TEXT.free}`}
                        </li>
                      )
                    ) : (
                      <li key={line.start} className={`slot slot-${line.state}`}>
                        {`${line.from}–${line.until} ${SLOT_TEXT[line.state]}`}
                      </li>
                    ),
                  )}
                </ul>
              ) : (
                <p className="slot slot-closed">{SLOT_TEXT.closed}</p>
              )}
            </section>
          ))}
        </div>
      </section>
      {quiet ? <QuietHours quiet={quiet} /> : null}
    </main>
  );
}

/** When it is usually free, from the last eight weeks' bookings: a chart and the same in words. */
function QuietHours({ quiet }: { quiet: { shares: (number | null)[][]; lines: string[] } }) {
  return (
    <section aria-labelledby="quiet-heading" className="quiet-hours">
      <h2 id="quiet-heading">Quiet hours</h2>
      <p className="muted">
        How much of each hour was booked over the last {QUIET_WEEKS} weeks, Dublin time: lighter is quieter.
      </p>
      <HeatMapChart
        id="quiet-chart"
        title="How busy each hour of the week usually is"
        description={`Usually free (booked under a quarter of the time): ${quiet.lines.join('; ')}.`}
        shares={quiet.shares}
        legend={['free', 'booked']}
      />
      <h3 className="rules-heading">Usually free</h3>
      <ul className="quiet-lines">
        {quiet.lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </section>
  );
}

/** 'Find the next free time': a GET form to its page, so it works without JavaScript. */
function NextFreeForm({
  path,
  lengths,
  group,
}: {
  path: string;
  lengths: { minutes: number; label: string }[];
  group: string;
}) {
  return (
    <Form
      method="get"
      action={`${path}/next-free`}
      className="next-free-form"
      aria-labelledby="next-free-heading"
    >
      <h2 id="next-free-heading" className="rules-heading">
        Find the next free time
      </h2>
      <p className="field-hint">
        {group ? `Here and on its equivalents (${group}).` : 'The earliest free starts here.'}
      </p>
      <div className="field">
        <label htmlFor="next-free-minutes">Length</label>
        <select id="next-free-minutes" name="minutes" defaultValue={lengths[0]?.minutes}>
          {lengths.map((length) => (
            <option key={length.minutes} value={length.minutes}>
              {length.label}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="button button-secondary">
        Find the next free time
      </button>
    </Form>
  );
}

export const ErrorBoundary = () => (
  <GeneralErrorBoundary notFound={<NotFoundPage />} loadFailure="this machine" />
);
