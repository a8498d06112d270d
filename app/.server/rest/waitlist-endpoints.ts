// The waiting list's calls of /api (docs/api.md §7): the caller's place in line, joining and
// leaving it, and answering an offer of freed time, through the same `bookings.waitlist` calls as
// /resources/{slug}/wait, /bookings and /offers/{id}, with their rules and texts. An offer is the
// caller's booking with status `offered` (GET /bookings lists it with its `hold_until`).
import type { z } from 'zod';
import { bookings, type Wait } from '../bookings';
import type { Call, Endpoint } from './endpoints';
import { define, member, resourceOf, toBookingOut } from './booking-endpoints';
import { RestError } from './errors';
import * as S from './schemas';

const toWaitOut = (wait: Wait): z.infer<typeof S.WaitOutSchema> => ({
  id: wait.id,
  resource: { slug: wait.resource.slug, name: wait.resource.name },
  from: wait.from,
  to: wait.to,
  min_minutes: wait.minMinutes,
  place: wait.place,
  joined_at: wait.createdAt,
});

const waitsOut = async (userId: string) => ({ waits: (await bookings.waitlist.mine(userId)).map(toWaitOut) });

/** The join refusal's field, as the body names it. */
const FIELD = { from: 'from', to: 'to', minMinutes: 'min_minutes' } as const;

/** 'Take it' or 'Pass' on the caller's offer `id`: the booking as it is after, or why not. */
async function answerOffer(call: Call<unknown>, take: boolean) {
  const userId = member(call).id;
  const outcome = await bookings.waitlist.answer({ bookingId: call.params.id, userId, take });
  if (outcome.status === 'not-found') throw new RestError(404, 'not-found', 'Offer not found');
  if (outcome.status === 'already') throw new RestError(409, 'offer-ended', outcome.message);
  const offer = await bookings.waitlist.offer(call.params.id, userId);
  return toBookingOut(offer!);
}

export const WAITLIST_ENDPOINTS: Endpoint<never>[] = [
  define({
    method: 'GET',
    path: '/waitlist',
    summary:
      'The caller’s waits on the waiting list whose window is not over, each with its place in line (1: next to be offered freed time)',
    access: 'member',
    answer: S.WaitsOutSchema,
    handle: (call) => waitsOut(member(call).id),
  } satisfies Endpoint),
  define({
    method: 'POST',
    path: '/waitlist',
    summary:
      'Puts the caller in line on a resource for any free time in [from, to) of at least min_minutes: 201 with the wait and its place. Freed time is offered by e-mail (and shows in GET /bookings as `offered`). 409 `already-waiting` for the same window again; 422 `refused` when the caller could never book there (out of service, their induction, paused by strikes), 422 `invalid-input` for a window that is over or shorter than min_minutes, or a length the resource does not allow',
    access: 'member',
    body: S.WaitBodySchema,
    answer: S.WaitOutSchema,
    created: true,
    errors: [404, 409, 422],
    async handle(call) {
      const { body } = call;
      const resource = await resourceOf(body.resource);
      const userId = member(call).id;
      const outcome = await bookings.waitlist.join({
        resourceId: resource.id,
        userId,
        from: new Date(body.from),
        to: new Date(body.to),
        minMinutes: body.min_minutes,
      });
      switch (outcome.status) {
        case 'joined': {
          const wait = (await bookings.waitlist.mine(userId)).find((one) => one.id === outcome.waitId);
          return toWaitOut(wait!);
        }
        case 'already':
          throw new RestError(409, 'already-waiting', 'You are already in line for this time.');
        case 'refused': {
          const { field, message } = outcome.refusal;
          if (!field) throw new RestError(422, 'refused', message);
          throw new RestError(422, 'invalid-input', `${FIELD[field]}: ${message}`, {
            [FIELD[field]]: [message],
          });
        }
        case 'not-found':
          throw new RestError(404, 'not-found', 'Resource not found');
      }
    },
  } satisfies Endpoint<z.infer<typeof S.WaitBodySchema>>),
  define({
    method: 'POST',
    path: '/waitlist/{id}/leave',
    summary:
      'Takes the caller out of line for that wait; answers the waits left. An offer already made from it stays theirs to answer. Another member’s wait, or one that ended, answers 404',
    access: 'member',
    answer: S.WaitsOutSchema,
    errors: [404],
    async handle(call) {
      const userId = member(call).id;
      if (!(await bookings.waitlist.leave(call.params.id, userId)))
        throw new RestError(404, 'not-found', 'Wait not found');
      return waitsOut(userId);
    },
  } satisfies Endpoint),
  define({
    method: 'POST',
    path: '/offers/{id}/take',
    summary:
      'Takes freed time offered to the caller (their booking with `status: "offered"`, held until `hold_until`): answers the booking, now active, with the usual confirmation mail and reminders. Taken, passed or ended before (at its `hold_until` it goes to the next in line): 409 `offer-ended` saying which. Another member’s offer answers 404',
    access: 'member',
    answer: S.BookingOutSchema,
    errors: [404, 409],
    handle: (call) => answerOffer(call, true),
  } satisfies Endpoint),
  define({
    method: 'POST',
    path: '/offers/{id}/pass',
    summary:
      'Passes on freed time offered to the caller: it goes to the next in line at once; answers the booking (`status: "declined"`). The caller stays in line for other time. 409 `offer-ended` when it was taken or ended before; another member’s offer answers 404',
    access: 'member',
    answer: S.BookingOutSchema,
    errors: [404, 409],
    handle: (call) => answerOffer(call, false),
  } satisfies Endpoint),
];
