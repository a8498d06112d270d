// The mails of booking (docs/product.md §10): a confirmation with the booking as an .ics file, a
// cancellation notice (by the member, or by the lab, with the reason), an induction request to the
// people who can sign it off, and what the lab changed (sign-off, decline, revocation, out of
// service). Each is queued as a job in the transaction of the change it tells of (queueMail), so
// it is sent if and only if the change committed, even when the process dies right after; a
// failed send is tried again by the worker. Each key is the change's own: queued once.
import type { Kysely } from 'kysely';
import { config } from '../../config';
import type { Database } from '../../db/schema';
import { linkMessage, mailOrganizer, queueMail } from '../../mail';
import { bookingEvent } from './calendar';
import type { Booking } from '~/lib/bookings/models';
import { calendar } from '~/lib/bookings/ical';
import { instantText, whenText } from '~/lib/bookings/format';
import { checkInMailText, plansText } from '~/lib/bookings/mail-text';

const bookingsUrl = () => new URL('/bookings', config.PUBLIC_URL).toString();

/** A machine's check-in page, the address its QR code carries. */
export const hereUrl = (slug: string) => new URL(`/resources/${slug}/here`, config.PUBLIC_URL).toString();

/**
 * `changed`: the member moved it ('Booking changed'); the attached event has the same UID, SEQUENCE
 * raised. The booking's terms and `now` decide what it says the member can still do and, on a
 * machine that needs check-in, when to check in.
 */
export async function queueBookingConfirmation(
  trx: Kysely<Database>,
  to: string,
  booking: Booking,
  { now, changed = false, approved = false }: { now: Date; changed?: boolean; approved?: boolean },
) {
  const rules = booking.terms;
  const checkIn = checkInMailText(booking.start, rules.checkInGraceMinutes, hereUrl(booking.resource.slug));
  const message = linkMessage({
    to,
    subject: `${changed ? 'Booking changed' : approved ? 'Request approved' : 'Booking confirmed'}: ${booking.resource.name}`,
    intro: `${approved ? `${booking.decidedBy} approved your request. ` : ''}Your booking of ${booking.resource.name} is ${changed ? 'now' : 'confirmed'} for ${whenText(booking)} (Dublin time).${booking.note ? ` Your note: ${booking.note}` : ''}${checkIn ? ` ${checkIn}` : ''} The attached file ${changed ? 'updates it in' : 'adds it to'} your calendar.`,
    button: 'My bookings',
    link: bookingsUrl(),
    outro: plansText(booking, rules, now) ?? 'Your bookings are on My bookings.',
  });
  await queueMail(trx, `booking-confirmed:${booking.id}:${booking.sequence}`, {
    ...message,
    attachments: [
      {
        filename: 'booking.ics',
        content: calendar([bookingEvent(booking)], { method: 'PUBLISH', organizer: mailOrganizer() }),
        contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
      },
    ],
  });
}

/**
 * `reason`: why the lab cancelled it (a maintenance block); none when the member did. `strike`:
 * what a release past the cutoff cost them. The attached event (same UID, SEQUENCE raised,
 * METHOD:CANCEL) takes it out of a calendar that imported the confirmation.
 */
export async function queueBookingCancelled(
  trx: Kysely<Database>,
  to: string,
  booking: Booking,
  { reason, strike }: { reason?: string; strike?: string } = {},
) {
  await queueMail(trx, `booking-cancelled:${booking.id}:${booking.sequence}`, {
    ...linkMessage({
      to,
      subject: `Booking cancelled: ${booking.resource.name}`,
      intro: reason
        ? `Your booking of ${booking.resource.name} for ${whenText(booking)} (Dublin time) was cancelled by the lab: ${reason}`
        : `Your booking of ${booking.resource.name} for ${whenText(booking)} (Dublin time) is cancelled.${strike ? ` ${strike}` : ''}`,
      button: 'Book another time',
      link: new URL(`/resources/${booking.resource.slug}`, config.PUBLIC_URL).toString(),
      outro: 'The attached file takes it out of your calendar; your calendar feed shows it as cancelled.',
    }),
    attachments: [
      {
        filename: 'booking.ics',
        content: calendar([bookingEvent(booking)], { method: 'CANCEL', organizer: mailOrganizer() }),
        contentType: 'text/calendar; charset=utf-8; method=CANCEL',
      },
    ],
  });
}

/** The member's request is in: what it holds, and until when an approver has to decide it. */
export async function queueRequestReceived(trx: Kysely<Database>, to: string, booking: Booking) {
  await queueMail(
    trx,
    `booking-requested:${booking.id}`,
    linkMessage({
      to,
      subject: `Request received: ${booking.resource.name}`,
      intro: `Your request for ${booking.resource.name} on ${whenText(booking)} (Dublin time) is waiting for approval. The slot is held for you until ${instantText(booking.holdUntil!)}; you will get an e-mail with the decision.`,
      button: 'My bookings',
      link: bookingsUrl(),
      outro: 'Plans changed? Withdraw it from My bookings so someone else can use the time.',
    }),
  );
}

/** A decline (with the approver's reason) or a request nobody decided in time: the slot is free. */
export async function queueRequestEnded(trx: Kysely<Database>, to: string, booking: Booking) {
  const declined = booking.status === 'declined';
  await queueMail(
    trx,
    `booking-${booking.status}:${booking.id}`,
    linkMessage({
      to,
      subject: `${declined ? 'Request declined' : 'Request expired'}: ${booking.resource.name}`,
      intro: declined
        ? `${booking.decidedBy} declined your request for ${booking.resource.name} on ${whenText(booking)} (Dublin time): ${sentence(booking.decisionReason)}`
        : `Nobody decided your request for ${booking.resource.name} on ${whenText(booking)} (Dublin time) in time, so it has expired and the slot is free again. We are sorry.`,
      button: 'Book another time',
      link: new URL(`/resources/${booking.resource.slug}`, config.PUBLIC_URL).toString(),
      outro: declined
        ? 'Reply to this e-mail if you have a question about the decision.'
        : 'You can ask again for a later time.',
    }),
  );
}

/** An offer's page: 'Take it' and 'Pass' (opening it changes nothing; mail scanners follow links). */
export const offerUrl = (bookingId: string) => new URL(`/offers/${bookingId}`, config.PUBLIC_URL).toString();

/** Freed time held for the first in line: until when, and the page to take it or pass. */
export async function queueOffer(trx: Kysely<Database>, to: string, booking: Booking) {
  await queueMail(
    trx,
    `offer:${booking.id}`,
    linkMessage({
      to,
      subject: `Time free for you: ${booking.resource.name}`,
      intro: `${booking.resource.name} is free on ${whenText(booking)} (Dublin time), and you are first in line. It is held for you until ${instantText(booking.holdUntil!)}: take it or pass on its page.`,
      button: 'Take it or pass',
      link: offerUrl(booking.id),
      outro: 'If you have not taken it by then, it goes to the next in line. Opening the page books nothing.',
    }),
  );
}

/** An offer nobody took by its end: gone to the next in line. */
export async function queueOfferLapsed(trx: Kysely<Database>, to: string, booking: Booking) {
  await queueMail(
    trx,
    `offer-lapsed:${booking.id}`,
    linkMessage({
      to,
      subject: `Offer ended: ${booking.resource.name}`,
      intro: `The time on ${booking.resource.name} on ${whenText(booking)} (Dublin time) was held for you until ${instantText(booking.updatedAt)} and has gone to the next in line.`,
      button: 'My bookings',
      link: bookingsUrl(),
      outro: 'You are still in line for the rest of the time you wait for.',
    }),
  );
}

/**
 * Time freed under 90 minutes before it starts: nothing is held, everyone waiting is mailed at once
 * (one mail per wait and freed time) with the confirm page, and the first to book it gets it.
 */
export async function queueOpenTime(
  trx: Kysely<Database>,
  input: { key: string; to: string; resource: { slug: string; name: string }; start: Date; end: Date },
) {
  const link = new URL(`/resources/${input.resource.slug}/book`, config.PUBLIC_URL);
  link.search = new URLSearchParams({ start: input.start.toISOString() }).toString();
  await queueMail(
    trx,
    input.key,
    linkMessage({
      to: input.to,
      subject: `Free soon, first come: ${input.resource.name}`,
      intro: `${input.resource.name} is free on ${whenText({ start: input.start.toISOString(), end: input.end.toISOString() })} (Dublin time). It starts too soon to hold for anyone, so everyone waiting for it gets this e-mail: the first to book it gets it.`,
      button: 'Book it',
      link: link.toString(),
      outro: 'If it is gone when you look, you are still in line for the rest of the time you wait for.',
    }),
  );
}

/**
 * To each approver of the resource and every admin (not the member), one job each: a new request
 * with the member's answers, to decide on /approvals; a reply reaches the member.
 */
export async function queueApprovalRequest(
  trx: Kysely<Database>,
  to: string[],
  { booking, member }: { booking: Booking; member: { username: string; email: string } },
) {
  const answers = booking.answers.map((item) => `${item.question}: ${item.answer}`).join(' · ');
  for (const address of to)
    await queueMail(trx, `approval-request:${booking.id}:${address}`, {
      ...linkMessage({
        to: address,
        subject: `Booking request: ${booking.resource.name}, @${member.username}`,
        intro: `@${member.username} asks for ${booking.resource.name} on ${whenText(booking)} (Dublin time).${answers ? ` ${answers}.` : ''}${booking.note ? ` Their note: ${booking.note}` : ''}`,
        button: 'Open approvals',
        link: new URL('/approvals', config.PUBLIC_URL).toString(),
        outro: `Approve or decline it by ${instantText(booking.holdUntil!)}; after that it expires and the slot is free again. Reply to this e-mail to reach @${member.username}.`,
      }),
      replyTo: member.email,
    });
}

/** The addresses told of a request: the resource's approvers and every admin, but not the member. */
export async function approverMails(trx: Kysely<Database>, resourceId: string, memberId: string) {
  const rows = await trx
    .selectFrom('users')
    .select('email')
    .where((eb) =>
      eb.or([
        eb('role', '=', 'admin'),
        eb('id', 'in', eb.selectFrom('approvers').select('user_id').where('resource_id', '=', resourceId)),
      ]),
    )
    .where('id', '<>', memberId)
    .where('disabled_at', 'is', null)
    .execute();
  return rows.map((row) => row.email);
}

/** A booking released at its start plus the grace, nobody having checked in; `strike`: what it cost. */
export async function queueReleased(trx: Kysely<Database>, to: string, booking: Booking, strike: string) {
  await queueMail(
    trx,
    `booking-released:${booking.id}`,
    linkMessage({
      to,
      subject: `Booking released: ${booking.resource.name}`,
      intro: `Your booking of ${booking.resource.name} at ${instantText(booking.start)} was released because nobody checked in. ${strike}`,
      button: 'My bookings',
      link: bookingsUrl(),
      outro: 'On a machine that needs check-in, scan its QR code (or open its page) when you arrive.',
    }),
  );
}

/** A member asks the admins to waive a strike, with their reason; a reply reaches the member. */
export async function queueWaiveRequest(
  trx: Kysely<Database>,
  to: string[],
  request: {
    id: string;
    member: { username: string; fullname: string; email: string };
    about: string;
    reason: string;
  },
) {
  for (const address of to)
    await queueMail(trx, `strike-waive-request:${request.id}:${address}`, {
      ...linkMessage({
        to: address,
        subject: `Strike waiver request: @${request.member.username}`,
        intro: `${request.member.fullname} (@${request.member.username}) asks you to waive the strike for ${request.about}: ${request.reason}`,
        button: 'Open strikes',
        link: new URL('/admin/strikes', config.PUBLIC_URL).toString(),
        outro: `Waive it or decline it there, with a reason ${request.member.fullname} is mailed; reply to this e-mail to reach them.`,
      }),
      replyTo: request.member.email,
    });
}

/**
 * A member's strike waived: by an admin with the reason, or by the lab when someone else booked the
 * time a late release gave back (`rebooked`). `stillPaused`: the pause that stands without it.
 */
export async function queueStrikeWaived(
  trx: Kysely<Database>,
  to: string,
  strike: { id: string; about: string; reason: string; rebooked: boolean; stillPaused: string | null },
) {
  await queueMail(
    trx,
    `strike-waived:${strike.id}`,
    linkMessage({
      to,
      subject: `Strike waived: ${strike.about}`,
      intro: strike.rebooked
        ? `Your late-release strike for ${strike.about} was waived: someone else booked the time before it started, so the machine was used after all.`
        : `Your strike for ${strike.about} was waived by the lab: ${strike.reason}`,
      button: 'My bookings',
      link: bookingsUrl(),
      outro: strike.stillPaused
        ? `Your new bookings are still paused by your other strikes. ${strike.stillPaused}`
        : 'It no longer counts towards a pause in your bookings.',
    }),
  );
}

/** An admin declined the member's request to waive a strike: the reason, and until when it counts. */
export async function queueWaiverDeclined(
  trx: Kysely<Database>,
  to: string,
  declined: { id: string; about: string; reason: string; counts: string; paused: string | null },
) {
  await queueMail(
    trx,
    `strike-waiver-declined:${declined.id}`,
    linkMessage({
      to,
      subject: `Waiver declined: ${declined.about}`,
      intro: `The lab declined to waive your strike for ${declined.about}: ${sentence(declined.reason)} It counts until ${declined.counts}.${declined.paused ? ` Your new bookings are paused. ${declined.paused}` : ''}`,
      button: 'My bookings',
      link: bookingsUrl(),
      outro: 'Your strikes and when each stops counting are on My bookings.',
    }),
  );
}

/** To each inductor of the induction and every admin, one job each: a failed send stops no other. */
export async function queueInductionRequest(
  trx: Kysely<Database>,
  to: string[],
  request: {
    id: string;
    member: { username: string; fullname: string; email: string };
    induction: string;
    message: string;
  },
) {
  for (const address of to)
    await queueMail(trx, `induction-request:${request.id}:${address}`, {
      ...linkMessage({
        to: address,
        subject: `Induction request: ${request.induction}`,
        intro: `${request.member.fullname} (@${request.member.username}) asks for the ${request.induction}.${request.message ? ` Their message: ${request.message}` : ''}`,
        button: 'Open induction requests',
        link: new URL('/inductions', config.PUBLIC_URL).toString(),
        outro: `Reply to this e-mail to reach ${request.member.fullname} and arrange a time; sign them off there once they have been inducted.`,
      }),
      replyTo: request.member.email,
    });
}

const inductionsUrl = () => new URL('/resources', config.PUBLIC_URL).toString();

/** After a sign-off (`at`): what the member can book now. */
export async function queueInductionSignedOff(
  trx: Kysely<Database>,
  to: string,
  signedOff: { induction: string; resources: string[]; at: string },
) {
  const { induction, resources } = signedOff;
  await queueMail(
    trx,
    `induction-signed-off:${to}:${induction}:${signedOff.at}`,
    linkMessage({
      to,
      subject: `Induction signed off: ${induction}`,
      intro: resources.length ? `You can now book ${listText(resources)}.` : `You now hold the ${induction}.`,
      button: 'Book a machine',
      link: inductionsUrl(),
      outro: 'Your inductions and when they expire are on My bookings.',
    }),
  );
}

/** An open request (`requestId`) declined with the inductor's reason; a reply reaches the inductor. */
export async function queueInductionDeclined(
  trx: Kysely<Database>,
  to: string,
  declined: { requestId: string; induction: string; reason: string; inductorEmail: string },
) {
  const { induction, reason } = declined;
  await queueMail(trx, `induction-declined:${declined.requestId}`, {
    ...linkMessage({
      to,
      subject: `Induction request declined: ${induction}`,
      intro: `Not yet: ${reason}`,
      button: 'Ask again later',
      link: inductionsUrl(),
      outro: `Reply to this e-mail to ask the inductor about it. You can ask for the ${induction} again from the machine's page.`,
    }),
    replyTo: declined.inductorEmail,
  });
}

/**
 * A revoked induction with its reason, and the member's upcoming bookings that needed it: cancelled
 * with it, or standing (they cannot be used without it).
 */
export async function queueInductionRevoked(
  trx: Kysely<Database>,
  to: string,
  revoked: { induction: string; reason: string; bookings: Booking[]; cancelled: boolean; at: string },
) {
  await queueMail(
    trx,
    `induction-revoked:${to}:${revoked.induction}:${revoked.at}`,
    linkMessage({
      to,
      subject: `Induction revoked: ${revoked.induction}`,
      intro: `Your ${revoked.induction} was revoked: ${sentence(revoked.reason)}${bookingsText(revoked.bookings, revoked.cancelled)}`,
      button: 'My bookings',
      link: bookingsUrl(),
      outro: 'Ask an inductor when you are ready to be inducted again.',
    }),
  );
}

/**
 * A resource taken out of service (`at`) with its reason, to a member with upcoming bookings of it:
 * each said cancelled or standing, as it is now (one someone is checked in to stands).
 */
export async function queueOutOfService(
  trx: Kysely<Database>,
  to: string,
  change: { resource: string; reason: string; bookings: Booking[]; at: string },
) {
  await queueMail(
    trx,
    `out-of-service:${to}:${change.resource}:${change.at}`,
    linkMessage({
      to,
      subject: `Out of service: ${change.resource}`,
      intro: `${change.resource} is out of service: ${sentence(change.reason)}${bookingsText(
        change.bookings.filter((booking) => booking.status === 'cancelled'),
        true,
      )}${bookingsText(
        change.bookings.filter((booking) => booking.status !== 'cancelled'),
        false,
      )}`,
      button: 'My bookings',
      link: bookingsUrl(),
      outro: 'The lab will tell you when it can be booked again on its page.',
    }),
  );
}

/** ' The lab cancelled your booking of X for Tuesday ...' or ' Your booking of ... still stands; ...'. */
function bookingsText(bookings: Booking[], cancelled: boolean) {
  if (!bookings.length) return '';
  const list = listText(bookings.map((booking) => `${booking.resource.name} for ${whenText(booking)}`));
  const many = bookings.length > 1;
  return cancelled
    ? ` The lab cancelled your booking${many ? 's' : ''} of ${list} (Dublin time).`
    : ` Your booking${many ? 's' : ''} of ${list} (Dublin time) still ${many ? 'stand' : 'stands'}; check with the lab before you come in.`;
}

/** A reason as typed, ended as a sentence so the next one can follow it. */
const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

/** 'a', 'a and b', 'a, b and c'. */
const listText = (items: string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;

const creditsUrl = () => new URL('/credits', config.PUBLIC_URL).toString();

/** An admin granted the member credits: how many, why, and until when. */
export async function queueCreditsGranted(
  trx: Kysely<Database>,
  to: string,
  lot: { id: string; amount: string; reason: string; expires: string },
) {
  await queueMail(
    trx,
    `credits-granted:${lot.id}`,
    linkMessage({
      to,
      subject: `You were granted ${lot.amount}`,
      intro: `The lab granted you ${lot.amount}: ${sentence(lot.reason)} ${lot.expires === 'never' ? 'They do not expire.' : `They expire at the end of ${lot.expires}.`}`,
      button: 'My credits',
      link: creditsUrl(),
      outro: 'What you have, what your bookings hold and what you spent are on My credits.',
    }),
  );
}

/** 7 days before a lot of the member's expires with something left: once per lot. */
export async function queueCreditsExpiring(
  trx: Kysely<Database>,
  to: string,
  lot: { id: string; amount: string; expires: string },
) {
  await queueMail(
    trx,
    `credits-expiring:${lot.id}`,
    linkMessage({
      to,
      subject: `${lot.amount} expire on ${lot.expires}`,
      intro: `${lot.amount} of yours are unused and expire at the end of ${lot.expires}. Book before then to use them.`,
      button: 'My credits',
      link: creditsUrl(),
      outro: 'Credits that expire are gone: the monthly allowance does not carry over.',
    }),
  );
}
