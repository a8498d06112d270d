// The member's strikes on /bookings (docs/product.md §10 'Strikes'): what each was for, until when
// it counts, whether it was waived (or the request declined), and 'Ask to waive' with a reason for
// the admins: a plain POST form per strike, to /bookings. The pause they cause is told at the top
// of the page.
import { Form } from '@remix-run/react';
import { useIsPending } from '~/components/pending';
import { STRIKE_KIND_TEXT } from '~/lib/booking/strikes';

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
  const busy = useIsPending();
  return (
    <section aria-labelledby="strikes-heading" className="card">
      <h2 id="strikes-heading">Strikes</h2>
      <p className="muted">{rule}</p>
      <ul className="strike-list">
        {strikes.map((strike) => (
          <li key={strike.id}>
            <p>
              <strong>{STRIKE_KIND_TEXT[strike.kind]}</strong>: {strike.about}.{' '}
              {strike.waived ? `Waived: ${strike.waived}` : `Counts until ${strike.counts}.`}
            </p>
            {strike.waived ? null : strike.declined !== null ? (
              <p className="muted">Your request to waive it was declined: {strike.declined}</p>
            ) : strike.asked ? (
              <p className="muted">You asked to waive it on {strike.asked}.</p>
            ) : (
              <Form method="post" className="waive-ask">
                <input type="hidden" name="intent" value="ask-waive" />
                <input type="hidden" name="strike" value={strike.id} />
                <div className="field">
                  <label htmlFor={`waive-${strike.id}`}>Why should it be waived?</label>
                  <textarea id={`waive-${strike.id}`} name="reason" rows={2} required maxLength={500} />
                </div>
                <button type="submit" className="button button-secondary button-small" disabled={busy}>
                  Ask to waive
                </button>
              </Form>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
