// The settings cards of /bookings: 'Booking reminders' on or off, and the private calendar feed
// with 'Reset link'. Plain POST forms to /bookings.
import { getFormProps, useForm } from '@conform-to/react';
import { Form } from '@remix-run/react';
import { CopyButton } from '~/components/copy-button';
import { allErrors } from '~/components/form-errors';
import { FormBanner } from '~/components/forms';
import { useIsPending } from '~/components/pending';
import { useAnswerFor } from '~/lib/answer';

export function Reminders({ on, changed }: { on: boolean; changed: boolean }) {
  const busy = useIsPending();
  // Only a forged or stale post is refused ('Choose on or off.'): said in this card.
  const answered = useAnswerFor('reminders');
  return (
    <section aria-labelledby="reminders-heading" className="card">
      <h2 id="reminders-heading">Booking reminders</h2>
      {changed ? (
        <p className="form-success" role="status">
          Booking reminders are {on ? 'on' : 'off'}.
        </p>
      ) : null}
      <p>
        {on
          ? 'On: we e-mail you 24 hours and 1 hour before each booking starts.'
          : 'Off: we do not e-mail you before your bookings.'}{' '}
        Cancellations by the lab and declined requests are always sent.
      </p>
      <Form method="post">
        <FormBanner errors={allErrors(answered?.result)} />
        <input type="hidden" name="intent" value="reminders" />
        <input type="hidden" name="reminders" value={on ? 'off' : 'on'} />
        <button type="submit" className="button button-secondary" disabled={busy}>
          {on ? 'Turn reminders off' : 'Turn reminders on'}
        </button>
      </Form>
    </section>
  );
}

export function CalendarFeed({ url }: { url: string }) {
  const [form] = useForm({ id: 'reset-feed', lastResult: useAnswerFor('reset-feed')?.result });
  const busy = useIsPending();
  return (
    <section aria-labelledby="calendar-feed" className="card">
      <h2 id="calendar-feed">Calendar feed</h2>
      <p>
        Subscribe to this address in your calendar app to see your bookings there. It is private: anyone with
        it can see your bookings.
      </p>
      <p>
        <a href={url.replace(/^https?:/, 'webcal:')} className="button button-small">
          Subscribe in your calendar app
        </a>
      </p>
      <div className="field">
        <label htmlFor="feed-url">Your calendar address</label>
        <textarea id="feed-url" className="feed-url" readOnly rows={3} value={url} />
        <CopyButton text={url} label="Copy address" />
      </div>
      <Form method="post" {...getFormProps(form)}>
        <FormBanner id={form.errorId} errors={form.errors} />
        <input type="hidden" name="intent" value="reset-feed" />
        <p className="field-hint" id="reset-hint">
          Shared it by mistake? A new link stops the old one at once.
        </p>
        <button
          type="submit"
          className="button button-secondary"
          disabled={busy}
          aria-describedby="reset-hint"
        >
          {busy ? 'Resetting...' : 'Reset link'}
        </button>
      </Form>
    </section>
  );
}
