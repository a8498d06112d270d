// What the lab tells members: mails (jobs queued by each change), reminders, calendar feeds and
// 'Add to calendar' files.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export { calendarAnswer, CANCELLED_KEPT_DAYS, memberFeedsIn, resourceFeedsIn } from './feeds';
export { sendBookingReminder, sendExpiryNotice } from './reminders';

/** 'Booking reminders' on /bookings: whether the member is mailed them. */
export const remindersIn = (db: Kysely<Database>) => ({
  async on(userId: string) {
    const row = await db
      .selectFrom('users')
      .select('booking_reminders')
      .where('id', '=', userId)
      .executeTakeFirst();
    return row?.booking_reminders !== 0;
  },
  async set(userId: string, on: boolean) {
    await db
      .updateTable('users')
      .set({ booking_reminders: on ? 1 : 0 })
      .where('id', '=', userId)
      .execute();
  },
});
