// /admin/usage — how the lab is used (docs/product.md §11): for a period (this month, last month,
// the last 12 weeks, or from and to dates) and a scope (the lab, a kind, a resource), a plain GET
// form: booked and used against open time per resource, booked time by hour of the week, how
// members and approvers behaved, each induction's funnel and the credits' months. Each chart is
// SVG drawn here with its numbers in a table under it, and 'Download CSV' under each table
// (/admin/usage.csv). Admins only.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useLoaderData } from '@remix-run/react';
import { bookings, requireAdmin } from '~/.server';
import { AdminTable } from '~/components/admin-table';
import { ErrorList } from '~/components/errors';
import { BarChart, HeatMapChart } from '~/components/usage-charts';
import { WEEKDAY_NAMES, WEEKDAYS } from '~/lib/bookings/week';
import { pageMeta } from '~/lib/meta';
import { percent } from '~/lib/usage/shares';
import type { UsageTable } from '~/lib/usage/usage-csv';

export const meta: MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Usage (admin)',
    description: 'How the lab is used: booked and used time, busy hours, behaviour, inductions and credits.',
  });

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return bookings.usage.page(new URL(request.url).searchParams);
}

const hours = (minutes: number) => `${(Math.round(minutes / 6) / 10).toLocaleString('en-IE')} h`;
/** 0.4567 → '45.7 %', as in the CSV files; nothing to divide by → '–'. */
const percentText = (value: number | null) => (value === null ? '–' : `${percent(value)} %`);

export default function AdminUsage() {
  const data = useLoaderData<typeof loader>();
  const { values, errors } = data;
  const csv = (table: UsageTable) => `/admin/usage.csv?${data.search}&table=${table}`;
  return (
    <>
      <h1>Usage</h1>
      <p>
        Worked out from the bookings, their history, the inductions and the credit ledger each time you ask.
        Times are the lab’s (Europe/Dublin).
      </p>
      <Form method="get" className="usage-form" aria-label="Period and scope">
        <fieldset>
          <legend>Period</legend>
          {data.periods.map(({ value, label }) => (
            <label key={value} className="choice">
              <input type="radio" name="period" value={value} defaultChecked={values.period === value} />{' '}
              {label}
            </label>
          ))}
          <ErrorList id="period-errors" errors={errors?.period} />
          <div className="usage-dates">
            {(['from', 'to'] as const).map((field) => (
              <div className="field" key={field}>
                <label htmlFor={`usage-${field}`}>{field === 'from' ? 'From' : 'To'}</label>
                <input
                  id={`usage-${field}`}
                  type="date"
                  name={field}
                  defaultValue={values[field]}
                  aria-invalid={errors?.[field] ? true : undefined}
                  aria-describedby={errors?.[field] ? `${field}-errors` : 'usage-dates-hint'}
                />
                <ErrorList id={`${field}-errors`} errors={errors?.[field]} />
              </div>
            ))}
            <p id="usage-dates-hint" className="hint">
              For ‘From and to dates’: both days included, at most {data.maxDays} days.
            </p>
          </div>
        </fieldset>
        <div className="field">
          <label htmlFor="usage-scope">Scope</label>
          <select
            id="usage-scope"
            name="scope"
            defaultValue={values.scope}
            aria-invalid={errors?.scope ? true : undefined}
            aria-describedby={errors?.scope ? 'scope-errors' : undefined}
          >
            {data.scopes.map((scope) => (
              <option key={scope.value} value={scope.value}>
                {scope.name}
              </option>
            ))}
          </select>
          <ErrorList id="scope-errors" errors={errors?.scope} />
        </div>
        <button type="submit" className="button">
          Show
        </button>
      </Form>
      {data.ok ? <Figures data={data} csv={csv} /> : null}
    </>
  );
}

type Answered = Extract<ReturnType<typeof useLoaderData<typeof loader>>, { ok: true }>;

function Figures({ data, csv }: { data: Answered; csv: (table: UsageTable) => string }) {
  const { figures, period } = data;
  const { total, behaviourShares } = figures;
  const peak = Math.max(1, ...figures.hours.flat());
  const steps = figures.inductions.reduce(
    (sum, f) => [sum[0]! + f.requested, sum[1]! + f.signedOff, sum[2]! + f.firstBookings, sum[3]! + f.active],
    [0, 0, 0, 0],
  );
  return (
    <>
      <h2 className="usage-heading">
        {data.name}, {period.label}
      </h2>

      <section aria-labelledby="booked-heading" className="usage-section">
        <h3 id="booked-heading">Booked and used</h3>
        <p>
          Booked {percentText(total.bookedShare)} of {hours(total.openMinutes)} open
          {total.usedMinutes === null
            ? '.'
            : `; used (checked in) ${percentText(total.usedShare)} of the ${hours(total.openSoFar)} open so far.`}
        </p>
        <BarChart
          id="chart-booked"
          title="Booked and used, as a share of open time, per resource"
          description={figures.resources
            .map((r) => `${r.name}: booked ${percentText(r.bookedShare)}, used ${percentText(r.usedShare)}`)
            .join('; ')}
          series={['Booked', 'Used']}
          max={1}
          valueText={(value) => percentText(value)}
          rows={figures.resources.map((r) => ({ label: r.name, values: [r.bookedShare, r.usedShare] }))}
        />
        <AdminTable
          label="Booked and used per resource"
          columns={['Resource', 'Open', 'Booked', 'Booked %', 'Open so far', 'Used', 'Used %']}
        >
          {[...figures.resources, { ...total, name: 'Total', slug: '', kind: '' }].map((r) => (
            <tr key={r.slug || 'total'}>
              <td data-label="Resource">{r.slug ? r.name : <strong>Total</strong>}</td>
              <td data-label="Open">{hours(r.openMinutes)}</td>
              <td data-label="Booked">{hours(r.bookedMinutes)}</td>
              <td data-label="Booked %">{percentText(r.bookedShare)}</td>
              <td data-label="Open so far">{hours(r.openSoFar)}</td>
              <td data-label="Used">{r.usedMinutes === null ? 'no check-in' : hours(r.usedMinutes)}</td>
              <td data-label="Used %">{percentText(r.usedShare)}</td>
            </tr>
          ))}
        </AdminTable>
        <CsvLink href={csv('resources')} what="booked and used, in minutes" />
      </section>

      <section aria-labelledby="hours-heading" className="usage-section">
        <h3 id="hours-heading">Hour of the week</h3>
        <p>Booked time by the lab’s hour of the week, in minutes: darker is busier.</p>
        <HeatMapChart
          id="chart-hours"
          title="Booked minutes by hour of the week"
          description={`The busiest hour had ${peak} booked minutes. The table under the chart has every hour.`}
          shares={figures.hours.map((day) => day.map((minutes) => minutes / peak))}
          legend={['none', `${peak} min`]}
        />
        <div
          className="table-scroll"
          role="region"
          aria-label="Booked minutes by hour of the week"
          tabIndex={0}
        >
          <table className="hour-table">
            <thead>
              <tr>
                <th scope="col">Day</th>
                {Array.from({ length: 24 }, (_, h) => (
                  <th scope="col" key={h}>
                    {String(h).padStart(2, '0')}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {figures.hours.map((day, d) => (
                <tr key={WEEKDAYS[d]}>
                  <th scope="row">{WEEKDAY_NAMES[WEEKDAYS[d]!]}</th>
                  {day.map((minutes, h) => (
                    <td key={h}>{minutes}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <CsvLink href={csv('hours')} what="booked minutes by hour" />
      </section>

      <section aria-labelledby="behaviour-heading" className="usage-section">
        <h3 id="behaviour-heading">Behaviour</h3>
        <p>Of the bookings and requests for time in the period.</p>
        <BarChart
          id="chart-behaviour"
          title="No-shows, late cancels and freed time booked again"
          description={`No-show rate ${percentText(behaviourShares.noShows)}; late cancels ${percentText(
            behaviourShares.lateCancels,
          )} of cancels; freed time booked again ${percentText(behaviourShares.rebooked)}.`}
          series={['Share']}
          max={1}
          valueText={(value) => percentText(value)}
          rows={[
            { label: 'No-show rate', values: [behaviourShares.noShows] },
            { label: 'Late cancels of cancels', values: [behaviourShares.lateCancels] },
            { label: 'Freed time booked again', values: [behaviourShares.rebooked] },
          ]}
        />
        <AdminTable label="Behaviour" columns={['Figure', 'Value']}>
          {figures.behaviourRows.map(([name, value]) => (
            <tr key={name}>
              <td data-label="Figure">{name}</td>
              <td data-label="Value">{value === '' ? '–' : value}</td>
            </tr>
          ))}
        </AdminTable>
        <CsvLink href={csv('behaviour')} what="behaviour" />
      </section>

      <section aria-labelledby="inductions-heading" className="usage-section">
        <h3 id="inductions-heading">Inductions</h3>
        {figures.inductions.length ? (
          <>
            <BarChart
              id="chart-inductions"
              title="From asking for an induction to using it"
              description={`Requested ${steps[0]}, signed off ${steps[1]}, first booking ${steps[2]}, active in the last 90 days ${steps[3]}.`}
              series={['Members']}
              max={Math.max(1, ...steps)}
              valueText={String}
              rows={['Requested', 'Signed off', 'First booking', 'Active (90 days)'].map((label, i) => ({
                label,
                values: [steps[i]!],
              }))}
            />
            <AdminTable
              label="Induction funnel"
              columns={[
                'Induction',
                'Requested',
                'Signed off',
                'First booking',
                'Active (90 days)',
                'Expired or revoked',
                'Days to sign-off',
                'Days to first booking',
              ]}
            >
              {figures.inductions.map((f) => (
                <tr key={f.name}>
                  <td data-label="Induction">{f.name}</td>
                  <td data-label="Requested">{f.requested}</td>
                  <td data-label="Signed off">{f.signedOff}</td>
                  <td data-label="First booking">{f.firstBookings}</td>
                  <td data-label="Active (90 days)">{f.active}</td>
                  <td data-label="Expired or revoked">{f.expiredOrRevoked}</td>
                  <td data-label="Days to sign-off">{days(f.medianDaysToSignOff)}</td>
                  <td data-label="Days to first booking">{days(f.medianDaysToFirstBooking)}</td>
                </tr>
              ))}
            </AdminTable>
            <CsvLink href={csv('inductions')} what="induction funnel" />
          </>
        ) : (
          <p>No resource here needs an induction.</p>
        )}
      </section>

      <section aria-labelledby="credits-heading" className="usage-section">
        <h3 id="credits-heading">Credits</h3>
        {figures.credits.length ? (
          <>
            {figures.concentration.map((c) => (
              <p key={c.credit}>
                {c.credit}: {c.hours} hours booked by {c.members} {c.members === 1 ? 'member' : 'members'}
                {c.busiestTenth === null
                  ? '.'
                  : `; the busiest 10 % of them booked ${percentText(c.busiestTenth)} of those hours.`}
              </p>
            ))}
            <BarChart
              id="chart-credits"
              title="Credits granted and settled per month"
              description={figures.credits
                .map((m) => `${m.credit}, ${m.monthName}: granted ${m.granted}, settled ${m.settled}`)
                .join('; ')}
              series={['Granted', 'Settled']}
              max={Math.max(1, ...figures.credits.flatMap((m) => [m.granted, m.settled]))}
              valueText={String}
              rows={figures.credits.map((m) => ({
                label: `${m.monthName}${new Set(figures.credits.map((c) => c.credit)).size > 1 ? `, ${m.credit}` : ''}`,
                values: [m.granted, m.settled],
              }))}
            />
            <AdminTable
              label="Credits per month"
              columns={['Credit', 'Month', 'Granted', 'Held', 'Settled', 'Expired']}
            >
              {figures.credits.map((m) => (
                <tr key={`${m.credit} ${m.month}`}>
                  <td data-label="Credit">{m.credit}</td>
                  <td data-label="Month">{m.monthName}</td>
                  <td data-label="Granted">{m.granted}</td>
                  <td data-label="Held">{m.held}</td>
                  <td data-label="Settled">{m.settled}</td>
                  <td data-label="Expired">{m.expired}</td>
                </tr>
              ))}
            </AdminTable>
            <CsvLink href={csv('credits')} what="credits per month" />
          </>
        ) : (
          <p>
            No resource here costs credits (<Link to="/admin/credits">Credits</Link>).
          </p>
        )}
      </section>
    </>
  );
}

const days = (value: number | null) =>
  value === null ? '–' : (Math.round(value * 10) / 10).toLocaleString('en-IE');

/** 'Download CSV' under a table, and what the file holds. */
const CsvLink = ({ href, what }: { href: string; what: string }) => (
  <p>
    <a href={href} download>
      Download CSV
    </a>{' '}
    ({what})
  </p>
);
