// Booking the lab's resources (docs/product.md §10): what routes, the API and the admin CLI call.
// Bookings always live in this site's own store, also in front of an upstream backend (API_URL),
// whose calls have none (docs/architecture.md §13); a member there is this site's copy of them.
// The facade is a composition of the lab's rooms: core (booking, the lifecycle, check-in, the
// staff's day), inductions, standing (strikes), notify (mail, reminders, feeds), resources and usage.
import type { Kysely } from 'kysely';
import { db as siteDb } from '../db';
import type { Database } from '../db/schema';
import { approvalsIn, coreIn, labBookingsIn, waitlistIn } from './core';
import { adminInductionsIn, inductionsIn, memberInductionsIn } from './inductions';
import { memberFeedsIn, remindersIn, resourceFeedsIn } from './notify';
import { adminResourcesIn, resourcesIn } from './resources';
import { adminCreditsIn, creditWorkIn, memberCreditsIn, strikesIn } from './standing';
import { usageIn } from './usage';

export { TOO_FAST, type BookOutcome, type CancelOutcome, type Wait } from './core';
export { askForInduction, inductionFor } from './inductions';
export { calendarAnswer, CANCELLED_KEPT_DAYS, sendBookingReminder, sendExpiryNotice } from './notify';
export { checkInQr } from './resources';

export function bookingsIn(db: Kysely<Database>) {
  return {
    ...coreIn(db),
    resources: resourcesIn(db),
    inductions: inductionsIn(db),
    ...memberInductionsIn(db),
    strikes: strikesIn(db),
    /** requests for resources that need approval (/approvals, the worker's expiry) */
    approvals: approvalsIn(db),
    /** the waiting list: members' waits, offers of freed time, the worker's jobs */
    waitlist: waitlistIn(db),
    /** the ledger's timed work, and a member's credits (/credits, /api/credits) */
    credits: { ...creditWorkIn(db), ...memberCreditsIn(db) },
    reminders: remindersIn(db),
    /** The member's private calendar feed and 'Add to calendar' files. */
    feeds: memberFeedsIn(db),
    /** A resource's public feed of busy times. */
    resourceFeed: resourceFeedsIn(db),
    /** How the lab is used: /admin/usage's figures and a resource's quiet hours. */
    usage: usageIn(db),
    /**
     * The lab as admins run it (/admin/resources, /admin/inductions, /admin/bookings and the admin
     * CLI; the routes check the role).
     */
    admin: {
      resources: adminResourcesIn(db),
      inductions: adminInductionsIn(db),
      bookings: labBookingsIn(db),
      credits: adminCreditsIn(db),
    },
  };
}

export const bookings = bookingsIn(siteDb);
