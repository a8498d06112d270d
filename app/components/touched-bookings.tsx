// The bookings a staff action would touch, listed before it is done (docs/product.md §10): who,
// which machine and when, on the lab's clocks. A plain list: it reads the same without scripts,
// without CSS and to a screen reader.
import { whenText } from '~/lib/bookings/format';
import type { TouchedBooking } from '~/lib/bookings/models';

export function TouchedBookings({
  id,
  title,
  bookings,
  total = bookings.length,
}: {
  id: string;
  /** what the list is, e.g. 'Upcoming bookings of the Laser cutter (2):' */
  title: string;
  bookings: readonly TouchedBooking[];
  /** how many there are in all, when only the first are listed */
  total?: number;
}) {
  if (!bookings.length) return null;
  return (
    <div className="touched-bookings">
      <p id={id}>{title}</p>
      <ul aria-labelledby={id}>
        {bookings.map((booking) => (
          <li key={booking.id}>
            {booking.member.fullname} (@{booking.member.username}), {booking.resource}, {whenText(booking)}
            {booking.checkedIn ? <strong> — checked in: it stands</strong> : null}
          </li>
        ))}
      </ul>
      {total > bookings.length ? <p>and {total - bookings.length} more.</p> : null}
    </div>
  );
}
