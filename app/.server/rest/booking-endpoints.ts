// The booking calls of /api (docs/api.md §7): the same rules, texts and store as the pages, through
// the `bookings` facade (app/.server/bookings): a taken slot answers 409 with the nearest free
// starts, a rule's refusal 422 with the rule in plain words, someone else's booking 404.
import type { z } from 'zod';
import { bookings } from '../bookings';
import { arrivedAt } from '../http';
import type { Booking, Resource } from '~/lib/bookings/models';
import { clockText, describeRules, refusalStatus, WEEKDAYS } from '~/lib/bookings/rules';
import type { Refusal } from '~/lib/bookings/rules';
import { addDays, labDayOf, parseLabDay } from '~/lib/bookings/time';
import { bookableLengths, lengthChoiceText } from '~/lib/bookings/next-free';
import { NextFreeQuerySchema } from '~/lib/bookings/schemas';
import type { Call, Endpoint } from './endpoints';
import { Accepted, RestError } from './errors';
import * as S from './schemas';
import { accountForToken } from './tokens';

/** The most days one availability call covers. */
export const AVAILABILITY_MAX_DAYS = 14;

const toResourceOut = (resource: Resource): z.infer<typeof S.ResourceOutSchema> => {
  const { rules } = resource;
  return {
    slug: resource.slug,
    name: resource.name,
    kind: resource.kind,
    description: resource.description,
    photo: resource.photo ? { id: resource.photo.id } : null,
    status: resource.status,
    status_reason: resource.statusReason,
    induction: resource.induction ? { slug: resource.induction.slug, name: resource.induction.name } : null,
    approval_required: resource.approval !== null,
    questions: resource.approval?.questions ?? [],
    rules: {
      slot_minutes: rules.slotMinutes,
      min_minutes: rules.minMinutes,
      max_minutes: rules.maxMinutes,
      buffer_minutes: rules.bufferMinutes,
      hours:
        rules.hours === 'any'
          ? 'any'
          : (Object.fromEntries(
              WEEKDAYS.map((day) => {
                const times = rules.hours === 'any' ? undefined : rules.hours[day];
                return [day, times ? { open: clockText(times.open), close: clockText(times.close) } : null];
              }),
            ) as z.infer<typeof S.ResourceOutSchema>['rules']['hours']),
      notice_minutes: rules.noticeMinutes,
      horizon_days: rules.horizonDays,
      cancel_cutoff_minutes: rules.cancelCutoffMinutes,
      max_upcoming: rules.maxUpcoming,
      max_week_minutes: rules.maxWeekMinutes,
    },
    rules_text: describeRules(rules),
  };
};

export const toBookingOut = (booking: Booking): z.infer<typeof S.BookingOutSchema> => ({
  id: booking.id,
  resource: { slug: booking.resource.slug, name: booking.resource.name },
  start: booking.start,
  end: booking.end,
  note: booking.note,
  status: booking.status,
  hold_until: booking.holdUntil,
  decision_reason: booking.decisionReason,
  created_at: booking.createdAt,
  cancelled_at: booking.cancelledAt,
});

export async function resourceOf(slug: string) {
  const resource = await bookings.resources.bySlug(slug);
  if (!resource) throw new RestError(404, 'not-found', 'Resource not found');
  return resource;
}

/** A rule's refusal: 422 with the rule in plain words, on its field when it has one. */
const refusedError = (refusal: Refusal) =>
  new RestError(
    refusalStatus(refusal),
    refusal.rule === 'rate' ? 'rate-limited' : 'refused',
    refusal.message,
    refusal.field ? { [refusal.field]: [refusal.message] } : undefined,
  );

/** The member behind a 'member' call's token (handle.ts refused the call without one). */
export const member = (call: Call<unknown>) => call.caller!;

/** What a change to one of the caller's bookings answers: the booking, or why not. */
function changedOut(
  outcome: { status: 'not-found' } | { status: 'refused'; refusal: Refusal } | { booking: Booking },
) {
  if ('booking' in outcome) return toBookingOut(outcome.booking);
  if (outcome.status === 'refused') throw refusedError(outcome.refusal);
  throw new RestError(404, 'not-found', 'Booking not found');
}

/** Erases an endpoint's body type once its handler was checked against its schema. */
export const define = <Body>(endpoint: Endpoint<Body>) => endpoint as Endpoint<never>;

export const BOOKING_ENDPOINTS: Endpoint<never>[] = [
  define({
    method: 'GET',
    path: '/resources',
    summary: 'Every resource with its status, the induction it needs and its booking rules',
    access: 'public',
    answer: S.ResourcesOutSchema,
    handle: async () => ({ results: (await bookings.resources.list()).map(toResourceOut) }),
  } satisfies Endpoint),
  define({
    method: 'GET',
    path: '/resources/{slug}/availability',
    summary: `A resource's slots from ?from=YYYY-MM-DD (default today, lab time) for ?days=N (1 to ${AVAILABILITY_MAX_DAYS}, default 7), as its page shows them: never who booked. With a bearer token the caller's own bookings are 'mine' ('released' once released because nobody checked in).`,
    access: 'public',
    answer: S.AvailabilityOutSchema,
    errors: [404, 422],
    async handle({ params, request, token }) {
      const url = new URL(request.url);
      const fromText = url.searchParams.get('from');
      const from = fromText === null ? labDayOf(new Date()) : parseLabDay(fromText);
      if (!from)
        throw new RestError(422, 'invalid-input', 'from: Must be a date YYYY-MM-DD', {
          from: ['Must be a date YYYY-MM-DD'],
        });
      const daysText = url.searchParams.get('days') ?? '7';
      const days = /^\d{1,2}$/.test(daysText) ? Number(daysText) : NaN;
      if (!(days >= 1 && days <= AVAILABILITY_MAX_DAYS)) {
        const message = `Must be a whole number from 1 to ${AVAILABILITY_MAX_DAYS}`;
        throw new RestError(422, 'invalid-input', `days: ${message}`, { days: [message] });
      }
      const resource = await resourceOf(params.slug);
      const viewer = token ? ((await accountForToken(token))?.member?.id ?? null) : null;
      const weeks = await Promise.all(
        [0, 7]
          .filter((offset) => offset < days)
          .map((offset) => bookings.week(resource, addDays(from, offset), viewer)),
      );
      return {
        resource: resource.slug,
        from,
        days: weeks
          .flat()
          .slice(0, days)
          .map((day) => ({
            day: day.day,
            open: day.open,
            slots: day.slots.map(({ start, time, state }) => ({ start, time, state })),
          })),
      };
    },
  } satisfies Endpoint),
  define({
    method: 'GET',
    path: '/resources/{slug}/next-free',
    summary:
      "'Find the next free time': the earliest starts (at most 8) where a booking of ?minutes=N (one of the resource's lengths) fits, on the resource and on its equivalents (the same group, none out of service), each within its own horizon and with its machine. Free by every rule of time and the calendar, as POST /bookings checks them; the caller's own limits are not applied. A length the resource does not allow answers 422 on `minutes`.",
    access: 'public',
    query: NextFreeQuerySchema,
    answer: S.NextFreeOutSchema,
    errors: [404, 422],
    async handle({ params, query }) {
      const { minutes } = query as z.infer<typeof NextFreeQuerySchema>;
      const resource = await resourceOf(params.slug);
      if (!bookableLengths(resource.rules).includes(minutes)) {
        const message = lengthChoiceText(resource.rules);
        throw new RestError(422, 'invalid-input', `minutes: ${message}`, { minutes: [message] });
      }
      const { searched, starts } = await bookings.nextFree(resource, minutes);
      return { resource: resource.slug, minutes, searched, starts };
    },
  } satisfies Endpoint),
  define({
    method: 'GET',
    path: '/bookings',
    summary:
      'The caller’s bookings: upcoming (requests waiting for approval and offers from the waiting list among them, with `hold_until`) and past',
    access: 'member',
    answer: S.BookingsOutSchema,
    async handle(call) {
      const { upcoming, past } = await bookings.mine(member(call).id, { pastShown: null });
      return { upcoming: upcoming.map(toBookingOut), past: past.map(toBookingOut) };
    },
  } satisfies Endpoint),
  define({
    method: 'POST',
    path: '/bookings',
    summary:
      'Books a resource for the caller by the same rules as its page: 201 with the booking; 409 when the time is taken (`nearest`: free starts of the same length close by); 422 when a rule refuses, with the rule in plain words (a resource that costs credits the caller has too few of: ‘You need 6 GPU tokens for this and have 4.’ on `minutes`)',
    access: 'member',
    body: S.BookBodySchema,
    answer: S.BookingOutSchema,
    created: true,
    accepted:
      'a resource that needs approval (`approval_required`): a request with `status: "pending"`, holding the slot until `hold_until` for an approver to decide',
    errors: [404, 409, 422],
    async handle(call) {
      const { body } = call;
      const resource = await resourceOf(body.resource);
      const questions = resource.approval?.questions ?? [];
      if (body.answers.length !== questions.length)
        throw new RestError(
          422,
          'invalid-input',
          `answers: Answer each of the ${questions.length} questions`,
          {
            answers: [`Answer each of the ${questions.length} questions`],
          },
        );
      const outcome = await bookings.book({
        resourceId: resource.id,
        userId: member(call).id,
        start: new Date(body.start),
        minutes: body.minutes,
        note: body.note,
        answers: body.answers,
      });
      switch (outcome.status) {
        case 'booked':
          return outcome.booking.status === 'pending'
            ? new Accepted(toBookingOut(outcome.booking))
            : toBookingOut(outcome.booking);
        case 'refused':
          throw refusedError(outcome.refusal);
        case 'taken': {
          const error = new RestError(409, 'taken', outcome.refusal.message);
          error.nearest = outcome.nearest;
          throw error;
        }
        case 'not-found':
          throw new RestError(404, 'not-found', 'Resource not found');
      }
    },
  } satisfies Endpoint<z.infer<typeof S.BookBodySchema>>),
  define({
    method: 'GET',
    path: '/credits',
    summary:
      'The caller’s credits, per credit: available now, what each of their bookings holds, and what expires in the next 30 days',
    access: 'member',
    answer: S.CreditsOutSchema,
    async handle(call) {
      const credits = await bookings.credits.mine(member(call).id);
      return {
        credits: credits.map(({ credit, available, held, expiring }) => ({
          name: credit.name,
          unit: credit.unit,
          monthly_allowance: credit.monthlyAllowance,
          available,
          held: held.map((hold) => ({ booking: hold.bookingId, about: hold.about, amount: hold.amount })),
          expiring: expiring.map((lot) => ({ amount: lot.amount, expires_at: lot.expiresAt })),
        })),
      };
    },
  } satisfies Endpoint),
  define({
    method: 'POST',
    path: '/bookings/{id}/cancel',
    summary:
      'Cancels one of the caller’s bookings, up to the resource’s cancellation cutoff (422 past it); answers the booking, now cancelled',
    access: 'member',
    answer: S.BookingOutSchema,
    errors: [404, 422],
    async handle(call) {
      return changedOut(await bookings.cancel(call.params.id, member(call).id));
    },
  } satisfies Endpoint),
  define({
    method: 'POST',
    path: '/bookings/{id}/release',
    summary:
      'Past the cancellation cutoff, gives one of the caller’s bookings back until it starts, so others can use the time: a late cancel (a strike, waived if someone else books the time); before the cutoff, an ordinary cancel. Answers the booking, now cancelled',
    access: 'member',
    answer: S.BookingOutSchema,
    errors: [404, 422],
    async handle(call) {
      return changedOut(await bookings.releaseLate(call.params.id, member(call).id));
    },
  } satisfies Endpoint),
  define({
    method: 'POST',
    path: '/bookings/{id}/check-in',
    summary:
      'Checks the caller in to their booking of a resource that requires check-in, from 15 minutes before its start until the start plus the grace (422 outside that, saying when it opens); answers the booking, now checked_in',
    access: 'member',
    answer: S.BookingOutSchema,
    errors: [404, 422],
    async handle(call) {
      const outcome = await bookings.checkIn(call.params.id, member(call).id, arrivedAt(call.context));
      if (outcome.status === 'refused') throw new RestError(422, 'refused', outcome.message);
      return changedOut(outcome);
    },
  } satisfies Endpoint),
  define({
    method: 'POST',
    path: '/bookings/{id}/check-out',
    summary:
      'Ends the caller’s checked-in booking now: the rest of its time, after the buffer, is free for others at once; answers the booking, now checked_out',
    access: 'member',
    answer: S.BookingOutSchema,
    errors: [404],
    async handle(call) {
      return changedOut(await bookings.checkOut(call.params.id, member(call).id));
    },
  } satisfies Endpoint),
];
