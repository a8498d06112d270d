// The member's strikes on /bookings (docs/product.md §10 'Strikes'): what each was for, until when
// it counts, whether it was waived (or the request declined), and 'Ask to waive' with a reason for
// the admins: a plain POST form per strike, to /bookings. The pause they cause is told at the top
// of the page.
import { getFormProps, getTextareaProps, useForm } from '@conform-to/react';
import { Form } from '@remix-run/react';
import { allErrors } from '~/components/form-errors';
import { Field, FormBanner } from '~/components/forms';
import { useIsPending } from '~/components/pending';
import { useAnswerFor, useStrayAnswerFor } from '~/lib/answer';
import { STRIKE_KIND_TEXT } from '~/lib/bookings/strikes';

export interface ShownStrike {
  id: string;
  kind: keyof typeof STRIKE_KIND_TEXT;
  about: string;
  counts: string;
  waived: string | null;
  asked: string | null;
  /** the admin's reason for declining the request to waive it */
  declined: string | null;
}

export function Strikes({ strikes, rule }: { strikes: ShownStrike[]; rule: string }) {
  // A request about a strike not listed here (a forged or stale id): said at the top of the card.
  const stray = useStrayAnswerFor(
    'ask-waive',
    strikes.map((strike) => strike.id),
  );
  return (
    <section aria-labelledby="strikes-heading" className="card">
      <h2 id="strikes-heading">Strikes</h2>
      <p className="muted">{rule}</p>
      <FormBanner errors={allErrors(stray?.result)} />
      <ul className="strike-list">
        {strikes.map((strike) => (
          <StrikeItem key={strike.id} strike={strike} />
        ))}
      </ul>
    </section>
  );
}

function StrikeItem({ strike }: { strike: ShownStrike }) {
  const answered = useAnswerFor('ask-waive', strike.id);
  return (
    <li>
      <p>
        <strong>{STRIKE_KIND_TEXT[strike.kind]}</strong>: {strike.about}.{' '}
        {strike.waived ? `Waived: ${strike.waived}` : `Counts until ${strike.counts}.`}
      </p>
      {strike.waived || strike.declined !== null || strike.asked ? (
        <>
          {/* Asked already (in another tab, say): the refusal stays with this strike. */}
          <FormBanner errors={allErrors(answered?.result)} />
          {strike.waived ? null : strike.declined !== null ? (
            <p className="muted">Your request to waive it was declined: {strike.declined}</p>
          ) : (
            <p className="muted">You asked to waive it on {strike.asked}.</p>
          )}
        </>
      ) : (
        <WaiveAsk strike={strike.id} lastResult={answered?.result} />
      )}
    </li>
  );
}

/** 'Ask to waive' one strike: the server checks the reason; its answer shows in this form only. */
function WaiveAsk({
  strike,
  lastResult,
}: {
  strike: string;
  lastResult: NonNullable<ReturnType<typeof useAnswerFor>>['result'] | undefined;
}) {
  const busy = useIsPending();
  const [form, fields] = useForm({ id: `waive-${strike}`, lastResult });
  // A forged strike id is not a field anyone can fix: above the form, with the form's own errors.
  const errors = [...(form.errors ?? []), ...(fields.strike.errors ?? [])];
  return (
    <Form method="post" className="waive-ask" {...getFormProps(form)}>
      <FormBanner id={form.errorId} errors={errors} />
      <input type="hidden" name="intent" value="ask-waive" />
      <input type="hidden" name="strike" value={strike} />
      <Field
        label="Why should it be waived?"
        field={fields.reason}
        textareaProps={{ ...getTextareaProps(fields.reason), rows: 2, required: true, maxLength: 500 }}
      />
      <button type="submit" className="button button-secondary button-small" disabled={busy}>
        Ask to waive
      </button>
    </Form>
  );
}
