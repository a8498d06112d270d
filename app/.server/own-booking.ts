// A member's own booking from a route's `$id`: the signed-in member's booking of a machine (not a
// maintenance block), or the 404 page for anything else, anyone else's included.
import { bookings } from './bookings';
import { notFound } from './http';
import { requireUser } from './session';

export async function requireOwnBooking(request: Request, id: string | undefined) {
  const user = await requireUser(request);
  const booking = await bookings.own(user.id, id ?? '');
  if (!booking || booking.kind !== 'booking') notFound();
  return { user, booking };
}
