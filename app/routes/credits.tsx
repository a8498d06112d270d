// /credits — a member's credits (docs/product.md §10 'Credits'): per credit, what they can spend now
// (this month's allowance, made or not, and their grants), what their bookings hold and which, what
// expires in the next 30 days, and a statement of every change, newest first, each line linking its
// booking while that booking exists. A read page: nothing on it posts.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { bookings, requireUser } from '~/.server';
import { pageMeta } from '~/lib/meta';

export const meta: MetaFunction = (args) =>
  pageMeta(args, {
    title: 'My credits',
    description: 'Your GPU tokens and other credits: what you have, what your bookings hold, what expires.',
  });

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const [credits, statement] = await Promise.all([
    bookings.credits.mine(user.id),
    bookings.credits.statement(user.id),
  ]);
  return {
    credits: credits.map(({ credit, availableText, held, expiring }) => ({
      id: credit.id,
      name: credit.name,
      allowance: credit.monthlyAllowance,
      availableText,
      held: held.map(({ bookingId, about, amountText, cancel }) => ({
        bookingId,
        about,
        amountText,
        cancel,
      })),
      expiring: expiring.map(({ amountText, what, expires }) => ({ amountText, what, expires })),
    })),
    statement: statement.lines.map(({ id, when, text, delta, about, reason, bookingId }) => ({
      id,
      when,
      text,
      change: delta > 0 ? `+${delta}` : delta < 0 ? `−${-delta}` : '0 (was held)',
      about,
      reason,
      bookingId,
    })),
    more: statement.more,
  };
}

export default function MyCredits() {
  const { credits, statement, more } = useLoaderData<typeof loader>();
  return (
    <main id="main" className="page narrow-page my-credits">
      <div className="page-header">
        <h1>My credits</h1>
        <p>
          <Link to="/bookings">My bookings</Link>
        </p>
      </div>
      {credits.length ? (
        credits.map((credit) => (
          <section key={credit.id} aria-labelledby={`credit-${credit.id}`} className="card credit-card">
            <h2 id={`credit-${credit.id}`}>{credit.name}</h2>
            <p className="credit-available">
              <strong>Available now: {credit.availableText}</strong>
              {credit.allowance > 0 ? (
                <span className="muted"> (with {credit.allowance} a month from the lab)</span>
              ) : null}
            </p>
            <h3>Held by your bookings</h3>
            {credit.held.length ? (
              <ul className="plain-list credit-held">
                {credit.held.map((held) => (
                  <li key={held.bookingId}>
                    {held.amountText} for <Link to="/bookings">{held.about}</Link>
                    {held.cancel ? (
                      <>
                        {' '}
                        <Link
                          to={`/bookings/${held.bookingId}/cancel`}
                          className="button button-small button-secondary"
                          aria-label={`${held.cancel === 'cancel' ? 'Cancel booking' : 'Release this booking'}: ${held.about}`}
                        >
                          {held.cancel === 'cancel' ? 'Cancel booking' : 'Release this booking'}
                        </Link>
                      </>
                    ) : null}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="muted">None: no booking of yours holds any.</p>
            )}
            <h3>Expiring in the next 30 days</h3>
            {credit.expiring.length ? (
              <ul className="plain-list">
                {credit.expiring.map((lot, index) => (
                  <li key={index}>
                    {lot.amountText} {lot.what}, usable until {lot.expires}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="muted">Nothing expires in the next 30 days.</p>
            )}
          </section>
        ))
      ) : (
        <p className="muted">You have no credits yet. A machine that costs them says so on its page.</p>
      )}

      <section aria-labelledby="statement-heading">
        <h2 id="statement-heading">Statement</h2>
        {statement.length ? (
          <div className="table-scroll">
            <table className="admin-table credit-statement">
              <caption className="visually-hidden">Every change to your credits, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">What happened</th>
                  <th scope="col">Change</th>
                  <th scope="col">About</th>
                </tr>
              </thead>
              <tbody>
                {statement.map((line) => (
                  <tr key={line.id}>
                    <td data-label="When">{line.when}</td>
                    <td data-label="What happened">{line.text}</td>
                    <td data-label="Change">{line.change}</td>
                    <td data-label="About">
                      {line.about ? (
                        line.bookingId ? (
                          <Link to="/bookings">{line.about}</Link>
                        ) : (
                          line.about
                        )
                      ) : null}
                      {line.about && line.reason ? ': ' : null}
                      {line.reason}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p className="muted">Nothing yet.</p>
        )}
        {more ? (
          <p className="muted">
            And {more} earlier change{more === 1 ? '' : 's'}; your data download (on your profile) has them
            all.
          </p>
        ) : null}
      </section>
    </main>
  );
}
