// Rows kept only while they can still count (the privacy notice, app/content/legal/privacy.md): sessions
// that have ended, rate-limit counters whose window has passed and reset or set-password codes
// past their expiry, cancelled bookings once the calendar feeds have stopped telling
// subscribed calendars about them, and finished jobs (a sent mail's job holds the message) a week
// after they finished, dead ones after a month. Each is refused or starts afresh anyway; deleting them keeps no
// e-mail address, client address, sign-in or plan longer than its purpose. Run by housekeeping, hourly.
import type { Kysely } from 'kysely';
import { SESSION_DAYS } from '~/lib/sessions';
import type { Database } from './db/schema';
import { CANCELLED_KEPT_DAYS } from './bookings';
import { DAY_MS } from '~/lib/time-units';

export async function sweepExpiredRows(db: Kysely<Database>, now = Date.now()) {
  const at = new Date(now).toISOString();
  const signedInBefore = new Date(now - SESSION_DAYS * DAY_MS).toISOString();
  await db
    .deleteFrom('sessions')
    .where((eb) => eb.or([eb('expires_at', '<', at), eb('created_at', '<', signedInBefore)]))
    .execute();
  await db.deleteFrom('rate_limits').where('window_ends_at', '<=', at).execute();
  await db.deleteFrom('auth_codes').where('expires_at', '<=', at).execute();
  await db
    .deleteFrom('bookings')
    .where('status', '=', 'cancelled')
    .where('cancelled_at', '<', new Date(now - CANCELLED_KEPT_DAYS * DAY_MS).toISOString())
    .execute();
  await db
    .deleteFrom('jobs')
    .where((eb) =>
      eb.or([
        eb.and([
          eb('state', 'in', ['done', 'cancelled']),
          eb('updated_at', '<', new Date(now - FINISHED_JOBS_KEPT_DAYS * DAY_MS).toISOString()),
        ]),
        eb.and([
          eb('state', '=', 'dead'),
          eb('updated_at', '<', new Date(now - DEAD_JOBS_KEPT_DAYS * DAY_MS).toISOString()),
        ]),
      ]),
    )
    .execute();
}

export const FINISHED_JOBS_KEPT_DAYS = 7;
export const DEAD_JOBS_KEPT_DAYS = 30;
