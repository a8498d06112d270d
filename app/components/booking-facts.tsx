// One booking on /bookings (docs/product.md §10): its machine, time, status, note, who booked it
// for the member, and its history as a disclosure that opens without scripts.
import { Link } from '@remix-run/react';

export function BookingFacts({
  booking,
}: {
  booking: {
    resource: { slug: string; name: string };
    when: string;
    note: string;
    bookedBy: string | null;
    statusText: string | null;
    history: string[];
  };
}) {
  return (
    <>
      <h3>
        <Link to={`/resources/${booking.resource.slug}`}>{booking.resource.name}</Link>
      </h3>
      <p>
        {booking.when}
        {booking.statusText ? (
          <>
            {' '}
            · <strong>{booking.statusText}</strong>
          </>
        ) : null}
      </p>
      {booking.note ? <p className="booking-note">{booking.note}</p> : null}
      {booking.bookedBy ? <p className="muted">Booked for you by {booking.bookedBy}.</p> : null}
      {booking.history.length ? (
        // A disclosure without scripts: the browser opens it.
        <details className="booking-history">
          <summary>History</summary>
          <ol>
            {booking.history.map((line, index) => (
              <li key={index}>{line}</li>
            ))}
          </ol>
        </details>
      ) : null}
    </>
  );
}
