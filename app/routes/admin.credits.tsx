// /admin/credits — the credits the lab hands out (docs/product.md §10 'Credits'): each with its
// monthly allowance, what members hold of it and what bookings hold; a credit made or edited; a
// grant to one member or to every member (once per form, however often it is sent); a member's
// ledger (?member=username) with an adjustment per lot; 'Download CSV' of the whole ledger. Every
// change is audited. Admins only.
import crypto from 'node:crypto';
import type { SubmissionResult } from '@conform-to/react';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useSearchParams } from '@remix-run/react';
import {
  answer,
  bookings,
  CreditAdjustSchema,
  CreditFormSchema,
  CreditGrantAllSchema,
  CreditGrantSchema,
  FORM_LIMITS,
  grantExpiry,
  parseWithZod,
  readForm,
  redirect,
  requireAdmin,
  tooLarge,
  unknownForm,
} from '~/.server';
import { AdminTable } from '~/components/admin-table';
import { AdjustForm, CreditForm, GrantForm } from '~/components/credit-forms';
import { allErrors } from '~/components/form-errors';
import { FormBanner } from '~/components/forms';
import { answerFor, strayAnswerFor } from '~/lib/answer';
import { amountText, ENTRY_TEXT, expiryText } from '~/lib/bookings/credits';
import { dateName, labClock, labDayOf } from '~/lib/bookings/time';
import { pageMeta } from '~/lib/meta';

export const meta: MetaFunction = (args) =>
  pageMeta(args, { title: 'Credits', description: 'Credits, allowances, grants and members’ ledgers.' });

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const username = params.get('member')?.trim().replace(/^@/, '').slice(0, 64) || null;
  const [credits, ledger] = await Promise.all([
    bookings.admin.credits.list(),
    username ? bookings.admin.credits.ledger(username) : null,
  ]);
  const done = params.get('done') ?? '';
  const notice =
    done === 'granted-all' ? `Granted to ${Number(params.get('n')) || 0} members.` : NOTICES[done];
  // Drawn with the page: a grant form sent twice (a double click, a reload) carries the same key.
  const keys = { grant: crypto.randomUUID(), grantAll: crypto.randomUUID() };
  return { credits, username, ledger, keys, notice: notice ?? null };
}

const NOTICES: Record<string, string> = {
  created: 'Credit created.',
  saved: 'Credit saved.',
  granted: 'Granted. The member is mailed.',
  already: 'That grant was made already (the form was sent twice): nobody was granted twice.',
  adjusted: 'Adjusted.',
};

/** Five forms post here; each answer names its form (a credit's edit or a lot's adjust also `item`). */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireAdmin(request);
  const formData = await readForm(request);
  if (!formData) return tooLarge(FORM_LIMITS.text);
  const intent = formData.get('intent');
  const credits = bookings.admin.credits;
  if (intent === 'create' || intent === 'edit') {
    const item = intent === 'edit' ? String(formData.get('creditId') ?? '') : null;
    const submission = parseWithZod(formData, { schema: CreditFormSchema });
    if (submission.status !== 'success') return answer(intent, submission.reply(), { item });
    const saved = await credits.save(item, submission.value, user);
    if (saved.status === 'saved')
      return redirect(`/admin/credits?done=${intent === 'edit' ? 'saved' : 'created'}`);
    const fieldErrors = saved.status === 'invalid' ? saved.fieldErrors : {};
    const formErrors = saved.status === 'not-found' ? ['That credit is gone: reload the page.'] : [];
    return answer(intent, submission.reply({ fieldErrors, formErrors }), { item });
  }
  if (intent === 'grant' || intent === 'grant-all') {
    const all = intent === 'grant-all';
    const submission = parseWithZod(formData, { schema: all ? CreditGrantAllSchema : CreditGrantSchema });
    if (submission.status !== 'success') return answer(intent, submission.reply());
    const { credit, amount, reason, expires, key } = submission.value;
    // Checked by CreditGrantSchema when it is a member's form.
    const username = all ? '' : String(formData.get('username')).trim().replace(/^@/, '');
    const outcome = await credits.grant(
      {
        creditId: credit,
        to: all ? 'all' : { username },
        amount,
        reason,
        expiresAt: grantExpiry(expires),
        key,
      },
      user,
    );
    if (outcome.status === 'granted')
      return redirect(
        all
          ? `/admin/credits?done=granted-all&n=${outcome.count}`
          : `/admin/credits?member=${encodeURIComponent(username)}&done=granted`,
      );
    if (outcome.status === 'already') return redirect('/admin/credits?done=already');
    return answer(
      intent,
      outcome.status === 'no-member'
        ? all
          ? submission.reply({ formErrors: ['There is no member to grant to yet.'] })
          : submission.reply({ fieldErrors: { username: ['No member has that username.'] } })
        : submission.reply({ fieldErrors: { credit: ['That credit is gone: reload the page.'] } }),
    );
  }
  if (intent === 'adjust') {
    const item = String(formData.get('lot') ?? '');
    const submission = parseWithZod(formData, { schema: CreditAdjustSchema });
    if (submission.status !== 'success') return answer('adjust', submission.reply(), { item });
    const { lot, delta, reason } = submission.value;
    const outcome = await credits.adjust({ lotId: lot, delta, reason }, user);
    if (outcome.status === 'adjusted')
      return redirect(`/admin/credits?member=${encodeURIComponent(outcome.username ?? '')}&done=adjusted`);
    const message =
      outcome.status === 'short'
        ? `This lot has ${amountText(outcome.remaining, outcome.credit)} left: it cannot go below 0.`
        : 'That lot is gone: reload the page.';
    return answer('adjust', submission.reply({ fieldErrors: { delta: [message] } }), { item, status: 409 });
  }
  return unknownForm();
}

const when = (iso: string) => `${dateName(labDayOf(new Date(iso)))}, ${labClock(new Date(iso))}`;
const signed = (delta: number) => (delta > 0 ? `+${delta}` : String(delta));

export default function AdminCredits() {
  const { credits, username, ledger, keys, notice } = useLoaderData<typeof loader>();
  const answered = useActionData<typeof action>();
  const [params] = useSearchParams();
  const resultFor = (intent: 'create' | 'edit' | 'grant' | 'grant-all', item?: string | null) =>
    answerFor(answered, intent, item)?.result;
  const lots = ledger?.lots.map((lot) => lot.id) ?? [];
  const stray =
    answerFor(answered, null) ??
    strayAnswerFor(answered, 'adjust', lots) ??
    strayAnswerFor(
      answered,
      'edit',
      credits.map((credit) => credit.id),
    );
  return (
    <>
      <h1>Credits</h1>
      {/* The address still says what the last change did: said only until a form answers. */}
      {notice && !answered ? (
        <p className={params.get('done') === 'already' ? 'form-banner' : 'form-success'} role="status">
          {notice}
        </p>
      ) : null}
      <FormBanner errors={allErrors(stray?.result)} />

      <section aria-labelledby="credits-heading">
        <h2 id="credits-heading">What the lab hands out</h2>
        {credits.length ? (
          <AdminTable
            label="Credits"
            columns={['Credit', 'Unit', 'Monthly allowance', 'Outstanding', 'Held by bookings', 'Edit']}
          >
            {credits.map((credit) => (
              <tr key={credit.id}>
                <td data-label="Credit">
                  <strong>{credit.name}</strong>
                </td>
                <td data-label="Unit">{credit.unit}</td>
                <td data-label="Monthly allowance">{credit.monthlyAllowance || 'none'}</td>
                <td data-label="Outstanding">{credit.outstanding}</td>
                <td data-label="Held by bookings">{credit.held}</td>
                <td data-label="Edit">
                  <details open={Boolean(resultFor('edit', credit.id))}>
                    <summary>Edit {credit.name}</summary>
                    <CreditForm credit={credit} lastResult={resultFor('edit', credit.id)} />
                  </details>
                </td>
              </tr>
            ))}
          </AdminTable>
        ) : (
          <p className="empty-state">No credits yet: create one below.</p>
        )}
        <p>
          Outstanding: what members have left in lots that have not expired.{' '}
          <a href="/admin/credits.csv">Download CSV</a> of the whole ledger.
        </p>
      </section>

      {credits.length ? (
        <section aria-labelledby="grants-heading">
          <h2 id="grants-heading">Grant</h2>
          <div className="card-grid">
            <GrantForm all={false} credits={credits} grantKey={keys.grant} lastResult={resultFor('grant')} />
            <GrantForm all credits={credits} grantKey={keys.grantAll} lastResult={resultFor('grant-all')} />
          </div>
        </section>
      ) : null}

      <section aria-labelledby="ledger-heading">
        <h2 id="ledger-heading">A member’s ledger</h2>
        <Form method="get" className="inline-form">
          <div className="field">
            <label htmlFor="ledger-member">Member’s username</label>
            <input id="ledger-member" name="member" defaultValue={username ?? ''} autoComplete="off" />
          </div>
          <button type="submit" className="button button-secondary">
            Show ledger
          </button>
        </Form>
        {username && !ledger ? <p role="status">No member has the username {username}.</p> : null}
        {ledger ? (
          <Ledger ledger={ledger} adjustResult={(lot) => answerFor(answered, 'adjust', lot)?.result} />
        ) : null}
      </section>

      <section aria-labelledby="new-credit-heading">
        <h2 id="new-credit-heading">New credit</h2>
        <CreditForm lastResult={resultFor('create')} />
      </section>
    </>
  );
}

type LedgerData = NonNullable<ReturnType<typeof useLoaderData<typeof loader>>['ledger']>;

function Ledger({
  ledger,
  adjustResult,
}: {
  ledger: LedgerData;
  adjustResult: (lot: string) => SubmissionResult<string[]> | undefined;
}) {
  const { member, lots, entries } = ledger;
  return (
    <>
      <h3>
        {member.fullname} (@{member.username})
      </h3>
      <h4>Lots</h4>
      {lots.length ? (
        <AdminTable
          label={`Lots of @${member.username}`}
          columns={['Lot', 'Amount', 'Left', 'Expires', 'Adjust']}
        >
          {lots.map((lot) => (
            <tr key={lot.id}>
              <td data-label="Lot">
                {lot.credit.name}:{' '}
                {lot.source === 'allowance' ? `allowance for ${lot.month}` : `grant, ${lot.reason}`}
              </td>
              <td data-label="Amount">{lot.amount}</td>
              <td data-label="Left">{lot.remaining}</td>
              <td data-label="Expires">
                {lot.expired ? 'Expired ' : ''}
                {expiryText(lot.expiresAt)}
              </td>
              <td data-label="Adjust">
                <AdjustForm
                  lot={lot.id}
                  label={`Adjust the ${lot.credit.name} lot of @${member.username}`}
                  lastResult={adjustResult(lot.id)}
                />
              </td>
            </tr>
          ))}
        </AdminTable>
      ) : (
        <p className="empty-state">No credits yet.</p>
      )}
      {entries.length ? (
        <>
          <h4>Entries, newest first</h4>
          <AdminTable
            label={`Ledger of @${member.username}`}
            columns={['Date', 'Credit', 'What', 'Change', 'Booking', 'Reason', 'By']}
          >
            {entries.map((entry) => (
              <tr key={entry.id}>
                <td data-label="Date">{when(entry.createdAt)}</td>
                <td data-label="Credit">{entry.credit.name}</td>
                <td data-label="What">
                  {ENTRY_TEXT[entry.kind] ?? entry.kind} {entry.amount}
                </td>
                <td data-label="Change">{signed(entry.delta)}</td>
                <td data-label="Booking">{entry.about}</td>
                <td data-label="Reason">{entry.reason}</td>
                <td data-label="By">{entry.actor}</td>
              </tr>
            ))}
          </AdminTable>
        </>
      ) : null}
    </>
  );
}
