// Booking forms' schemas (docs/product.md §10), shared by the browser and the server, which is the
// authority: each message is written here once.
import { DEFAULT_GRACE_MINUTES } from './check-in';
import { z } from 'zod';
import { RESOURCE_KINDS, type ResourceKind } from './models';
import { SLOT_LENGTHS, WEEKDAYS, type BookingRules, type OpeningHours } from './rules';
import { addDays, labClock, labTime, parseLabDay } from './time';
import {
  MAX_ANSWER,
  MAX_BOOKING_NOTE,
  MAX_QUESTIONS,
  MAX_EQUIVALENT_GROUP,
  MAX_INDUCTION_NOTE,
  MAX_INDUCTION_REQUEST,
} from '../limits';
import { slugify } from '../slug';

/** An inductor or admin signs a member off: the member by username (typed) or id (a request's row). */
export const InductionSignOffSchema = z
  .object({
    inductionId: z.string({ required_error: 'Choose an induction.' }).min(1, 'Choose an induction.').max(100),
    username: z.string().trim().max(30, 'No member has that username.').optional(),
    userId: z.string().max(100).optional(),
    note: z
      .string()
      .trim()
      .max(MAX_INDUCTION_NOTE, `A note has at most ${MAX_INDUCTION_NOTE} characters.`)
      .optional()
      .default(''),
  })
  .refine((value) => value.username || value.userId, {
    message: 'Enter the member’s username.',
    path: ['username'],
  });

export const InductionRevokeSchema = z.object({
  inductionId: z.string().min(1).max(100),
  userId: z.string().min(1).max(100),
  reason: z
    .string({ required_error: 'Say why it is revoked.' })
    .trim()
    .min(1, 'Say why it is revoked.')
    .max(MAX_INDUCTION_NOTE, `A reason has at most ${MAX_INDUCTION_NOTE} characters.`),
  /** 'Also cancel those bookings': the member's upcoming bookings that need it */
  alsoCancel: z.boolean().default(false),
});

/** An inductor declines a member's open request, saying why ('Not yet: ...'). */
export const InductionDeclineSchema = z.object({
  requestId: z.string().min(1).max(100),
  reason: z
    .string({ required_error: 'Say why not yet.' })
    .trim()
    .min(1, 'Say why not yet.')
    .max(MAX_INDUCTION_NOTE, `A reason has at most ${MAX_INDUCTION_NOTE} characters.`),
});

// The admin's forms (/admin/resources, /admin/inductions).

/** Addresses /resources/{slug} cannot have: other routes under /resources, and the admin's 'new'. */
export const RESERVED_RESOURCE_SLUGS = new Set(['new']);
const RESERVED_SLUG_MESSAGE = 'This address is reserved; choose another slug';

/** A resource's address: the slug typed, else one made from its name. */
export const resourceSlug = (form: { name: string; slug?: string }) => form.slug || slugify(form.name);
export const RESOURCE_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;
/** 'HH:MM' as minutes after midnight. */
export const clockMinutes = (text: string) => {
  const [hours, minutes] = text.split(':').map(Number) as [number, number];
  return hours * 60 + minutes;
};

const text = (label: string, max: number) =>
  z.string().trim().max(max, `${label} must be at most ${max} characters`);
const required = (label: string, max: number) =>
  z
    .string({ required_error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);
const minutes = (label: string, max: number) =>
  z
    .number({ required_error: `${label} is required`, invalid_type_error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(0, `${label} cannot be negative`)
    .max(max, `${label} must be at most ${max}`);
const optionalCount = (label: string, max: number) =>
  z
    .number({ invalid_type_error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(1, `${label} must be at least 1, or empty for no limit`)
    .max(max, `${label} must be at most ${max}`)
    .optional();
const timeField = z.string().regex(TIME, 'Enter a time like 09:00').optional();

/** One weekday's opening hours: both times, or neither (closed). 00:00 as closing time is midnight. */
const DayHoursSchema = z
  .object({ open: timeField, close: timeField })
  .default({})
  .superRefine((day, ctx) => {
    if (!day.open && !day.close) return;
    if (!day.open)
      ctx.addIssue({ code: 'custom', path: ['open'], message: 'Give an opening time, or leave both empty' });
    else if (!day.close)
      ctx.addIssue({ code: 'custom', path: ['close'], message: 'Give a closing time, or leave both empty' });
    else if (closeMinutes(day.close) <= clockMinutes(day.open))
      ctx.addIssue({ code: 'custom', path: ['close'], message: 'Closing time must be after opening time' });
  });
const closeMinutes = (close: string) => (close === '00:00' ? 1440 : clockMinutes(close));

export const ResourceFormSchema = z
  .object({
    name: required('Name', 80),
    slug: z
      .string()
      .trim()
      .max(60, 'Slug must be at most 60 characters')
      .regex(RESOURCE_SLUG, 'Slug must be lower-case letters, digits and single hyphens, like cnc-router')
      .refine((slug) => !RESERVED_RESOURCE_SLUGS.has(slug), RESERVED_SLUG_MESSAGE)
      .optional(),
    kind: z.enum(Object.keys(RESOURCE_KINDS) as [ResourceKind, ...ResourceKind[]], {
      errorMap: () => ({ message: 'Choose a kind' }),
    }),
    description: text('Description', 2000).default(''),
    removePhoto: z.boolean().default(false),
    induction: z.string().max(64).optional(),
    status: z.enum(['available', 'out_of_service'], { errorMap: () => ({ message: 'Choose a status' }) }),
    statusReason: text('Reason', 300).optional(),
    /** 'Also cancel those bookings': the upcoming bookings of a resource going out of service */
    alsoCancel: z.boolean().default(false),
    /** 'Approval required': a member's booking is a request an approver decides, after 'Questions' */
    approvalRequired: z.boolean().default(false),
    approvalQuestions: text('Questions', MAX_QUESTIONS).default(''),
    /** machines with the same group are equivalents: 'Find the next free time' searches them all */
    equivalentGroup: text('Group of equivalent machines', MAX_EQUIVALENT_GROUP).default(''),
    slotMinutes: z
      .number({ required_error: 'Slot length is required', invalid_type_error: 'Choose a slot length' })
      .refine((value) => (SLOT_LENGTHS as readonly number[]).includes(value), 'Choose 15, 30 or 60 minutes'),
    minMinutes: minutes('Shortest booking', 7 * 1440).min(1, 'Shortest booking must be at least 1 minute'),
    maxMinutes: minutes('Longest booking', 7 * 1440).min(1, 'Longest booking must be at least 1 minute'),
    bufferMinutes: minutes('Buffer', 1440).default(0),
    hoursMode: z.enum(['any', 'weekly'], { errorMap: () => ({ message: 'Choose the opening hours' }) }),
    hours: z
      .object(
        Object.fromEntries(WEEKDAYS.map((day) => [day, DayHoursSchema])) as Record<
          (typeof WEEKDAYS)[number],
          typeof DayHoursSchema
        >,
      )
      .default({}),
    noticeMinutes: minutes('Notice', 30 * 1440).default(0),
    horizonDays: z
      .number({
        required_error: 'How far ahead is required',
        invalid_type_error: 'How far ahead must be a number',
      })
      .int('How far ahead must be a whole number of days')
      .min(1, 'How far ahead must be at least 1 day')
      .max(365, 'How far ahead must be at most 365 days'),
    cancelCutoffMinutes: minutes('Cancellation cutoff', 30 * 1440).default(0),
    /** 'Check-in required', and the grace after the start before an unused booking is released */
    checkIn: z.boolean().default(false),
    graceMinutes: minutes('Grace', 240)
      .min(1, 'Grace must be at least 1 minute')
      .default(DEFAULT_GRACE_MINUTES),
    maxUpcoming: optionalCount('Most upcoming bookings', 100),
    maxWeekHours: optionalCount('Most hours per week', 168),
    /** 'Costs': so many of a credit per hour booked */
    creditId: z.string().max(64).optional(),
    creditsPerHour: z
      .number({ invalid_type_error: 'Credits per hour must be a number' })
      .int('Credits per hour must be a whole number')
      .min(1, 'Credits per hour must be at least 1')
      .max(1000, 'Credits per hour must be at most 1000')
      .optional(),
  })
  .superRefine((form, ctx) => {
    if (form.creditId && !form.creditsPerHour)
      ctx.addIssue({ code: 'custom', path: ['creditsPerHour'], message: 'Give the credits per hour' });
    if (!form.creditId && form.creditsPerHour)
      ctx.addIssue({ code: 'custom', path: ['creditId'], message: 'Choose the credit it costs' });
    // A name can make a reserved address too ('Availability'); a typed slug is checked above.
    if (!form.slug && RESERVED_RESOURCE_SLUGS.has(resourceSlug(form)))
      ctx.addIssue({ code: 'custom', path: ['name'], message: RESERVED_SLUG_MESSAGE });
    if (form.status === 'out_of_service' && !form.statusReason)
      ctx.addIssue({ code: 'custom', path: ['statusReason'], message: 'Say why it is out of service' });
    const slot = form.slotMinutes;
    if (form.minMinutes % slot)
      ctx.addIssue({
        code: 'custom',
        path: ['minMinutes'],
        message: `Shortest booking must be a multiple of the ${slot}-minute slot`,
      });
    if (form.maxMinutes % slot)
      ctx.addIssue({
        code: 'custom',
        path: ['maxMinutes'],
        message: `Longest booking must be a multiple of the ${slot}-minute slot`,
      });
    if (form.maxMinutes < form.minMinutes)
      ctx.addIssue({
        code: 'custom',
        path: ['maxMinutes'],
        message: 'Longest booking must be at least the shortest booking',
      });
    if (form.hoursMode === 'weekly' && WEEKDAYS.every((day) => !form.hours[day]?.open))
      ctx.addIssue({
        code: 'custom',
        path: ['hoursMode'],
        message: 'Give the hours of at least one day, or choose Any time',
      });
  });
export type ResourceForm = z.infer<typeof ResourceFormSchema>;

/** The booking rules a valid resource form sets. */
export function rulesFromForm(form: ResourceForm): BookingRules {
  const hours: OpeningHours =
    form.hoursMode === 'any'
      ? 'any'
      : Object.fromEntries(
          WEEKDAYS.flatMap((day) => {
            const times = form.hours[day];
            return times?.open && times.close
              ? [[day, { open: clockMinutes(times.open), close: closeMinutes(times.close) }]]
              : [];
          }),
        );
  return {
    slotMinutes: form.slotMinutes as BookingRules['slotMinutes'],
    minMinutes: form.minMinutes,
    maxMinutes: form.maxMinutes,
    bufferMinutes: form.bufferMinutes,
    hours,
    noticeMinutes: form.noticeMinutes,
    horizonDays: form.horizonDays,
    cancelCutoffMinutes: form.cancelCutoffMinutes,
    maxUpcoming: form.maxUpcoming ?? null,
    maxWeekMinutes: form.maxWeekHours ? form.maxWeekHours * 60 : null,
    checkInGraceMinutes: form.checkIn ? form.graceMinutes : null,
  };
}

const dayField = (label: string) =>
  z
    .string({ required_error: `${label} date is required` })
    .refine((value) => parseLabDay(value) !== null, `${label} date must be a date like 2026-12-01`);
const clockField = (label: string) =>
  z.string({ required_error: `${label} time is required` }).regex(TIME, `${label} time must be like 09:00`);

/** An instant from a date and a time on the lab's clocks (Europe/Dublin). */
export const labInstant = (day: string, time: string) => labTime(day, clockMinutes(time));

export const NO_SUCH_TIME = 'That time does not exist in Dublin: the clocks go forward.';

/**
 * Whether a date and time typed on the lab's clocks names an instant: 01:30 on the last Sunday of
 * March is skipped when the clocks go forward, and is refused rather than moved to another hour.
 */
export const labTimeExists = (day: string, time: string) =>
  parseLabDay(day) === null || !TIME.test(time) || labClock(labInstant(day, time)) === time;

/** The issue for a start (or end) typed in the hour the clocks skip. */
const skippedHour = (day: string, time: string, path: string, ctx: z.RefinementCtx) => {
  if (!labTimeExists(day, time)) ctx.addIssue({ code: 'custom', path: [path], message: NO_SUCH_TIME });
};

/** A maintenance block: from and to on the lab's clocks, why, and whether to cancel bookings in the way. */
export const MaintenanceSchema = z
  .object({
    startDay: dayField('Start'),
    startTime: clockField('Start'),
    endDay: dayField('End'),
    endTime: clockField('End'),
    reason: required('Reason', 300),
    alsoCancel: z.boolean().default(false),
  })
  .superRefine((form, ctx) => {
    skippedHour(form.startDay, form.startTime, 'startTime', ctx);
    skippedHour(form.endDay, form.endTime, 'endTime', ctx);
    const end = labInstant(form.endDay, form.endTime);
    if (end <= labInstant(form.startDay, form.startTime))
      ctx.addIssue({ code: 'custom', path: ['endTime'], message: 'The end must be after the start' });
    // A block over time gone by would only cancel (and mail) bookings that already happened.
    else if (end.getTime() <= Date.now())
      ctx.addIssue({
        code: 'custom',
        path: ['endDay'],
        message: 'The end has passed: a block is for time ahead',
      });
  });

/** 'End early' on a maintenance block: its new end on the lab's clocks (the server checks it is inside the block). */
export const ShortenMaintenanceSchema = z
  .object({
    block: z.string().min(1).max(100),
    endDay: dayField('New end'),
    endTime: clockField('New end'),
  })
  .superRefine((form, ctx) => skippedHour(form.endDay, form.endTime, 'endTime', ctx));

/** An admin's booking for a member, past the rules (never past a clash), and why. */
export const OnBehalfSchema = z
  .object({
    username: required('Username', 64),
    day: dayField('Start'),
    time: clockField('Start'),
    minutes: z
      .number({ required_error: 'Length is required', invalid_type_error: 'Length must be a number' })
      .int('Length must be a whole number of minutes')
      .min(1, 'Length must be at least 1 minute')
      .max(7 * 1440, 'Length must be at most 10080 minutes (7 days)'),
    reason: required('Reason', 300),
    note: text('Note', 300).default(''),
    /** 'Book anyway': past a missing induction or an out-of-service resource */
    override: z.boolean().default(false),
  })
  .superRefine((form, ctx) => skippedHour(form.day, form.time, 'time', ctx));

/** 'Change booking': another start (a date and time on the lab's clocks) or length, same resource. */
export const ChangeBookingSchema = z
  .object({
    day: dayField('Start'),
    time: clockField('Start'),
    minutes: z
      .number({ required_error: 'Choose a length.', invalid_type_error: 'Choose a length.' })
      .int('Choose a length.')
      .positive('Choose a length.')
      .max(7 * 1440, 'Choose a length.'),
  })
  .superRefine((form, ctx) => skippedHour(form.day, form.time, 'time', ctx));

/**
 * 'Join the waiting list' for any time in a window on the lab's clocks, of at least `minutes`; from
 * a taken slot's confirm page, the slot itself (`start` and its length) instead.
 */
export const WaitSchema = z
  .object({
    fromDay: dayField('From'),
    fromTime: clockField('From'),
    untilDay: dayField('Until'),
    untilTime: clockField('Until'),
    minutes: z
      .number({ required_error: 'Choose a length.', invalid_type_error: 'Choose a length.' })
      .int('Choose a length.')
      .positive('Choose a length.')
      .max(7 * 1440, 'Choose a length.'),
  })
  .superRefine((form, ctx) => {
    skippedHour(form.fromDay, form.fromTime, 'fromTime', ctx);
    skippedHour(form.untilDay, form.untilTime, 'untilTime', ctx);
    if (labInstant(form.untilDay, form.untilTime) <= labInstant(form.fromDay, form.fromTime))
      ctx.addIssue({ code: 'custom', path: ['untilTime'], message: 'The end must be after the start' });
  });

/** Staff cancel a member's booking (/admin/bookings), saying why: the member is mailed the reason. */
export const LabCancelSchema = z.object({
  bookingId: z.string().min(1).max(100),
  reason: required('Reason', 300),
});

export const InductionFormSchema = z.object({
  name: required('Name', 80),
  description: text('Description', 2000).default(''),
  validMonths: z
    .number({ invalid_type_error: 'Valid for must be a number of months' })
    .int('Valid for must be a whole number of months')
    .min(1, 'Valid for must be at least 1 month, or empty for never')
    .max(240, 'Valid for must be at most 240 months')
    .optional(),
});
export type InductionForm = z.infer<typeof InductionFormSchema>;

export const AppointInductorSchema = z.object({ username: required('Username', 64) });

/** An approver's 'Approve' (no reason needed) or 'Decline' (a reason the member is mailed). */
export const ApprovalDecisionSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('approve'), requestId: z.string().min(1).max(100) }),
  z.object({
    intent: z.literal('decline'),
    requestId: z.string().min(1).max(100),
    reason: z
      .string({ required_error: 'Say why, for the member.' })
      .trim()
      .min(1, 'Say why, for the member.')
      .max(MAX_INDUCTION_NOTE, `A reason has at most ${MAX_INDUCTION_NOTE} characters.`),
  }),
]);

/** A member asks for the induction a resource needs, from its page, with an optional short message. */
export const InductionRequestSchema = z.object({
  intent: z.literal('request-induction', { errorMap: () => ({ message: 'Unknown action' }) }),
  message: text('Message', MAX_INDUCTION_REQUEST).default(''),
});

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?Z$/;
/** An instant as the calendar's links write it (UTC, ISO 8601), or null; 30 February is not one. */
export function parseInstant(value: string | null | undefined): Date | null {
  if (!value || !ISO_INSTANT.test(value)) return null;
  const date = new Date(value);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 16) === value.slice(0, 16)
    ? date
    : null;
}

/** 'Confirm booking': the start a calendar link carried, a length the page offered, a note. */
export const BookSchema = z.object({
  start: z
    .string({ required_error: 'Choose a start time from the calendar.' })
    .refine((value) => parseInstant(value) !== null, 'Choose a start time from the calendar.'),
  minutes: z
    .number({ required_error: 'Choose a length.', invalid_type_error: 'Choose a length.' })
    .int('Choose a length.')
    .positive('Choose a length.')
    .max(7 * 1440, 'Choose a length.'),
  note: text('Note', MAX_BOOKING_NOTE).default(''),
  /** a resource that needs approval: the answers to its questions, in their order (each required) */
  answers: z
    .array(
      z
        .string({ required_error: 'Answer this question.' })
        .trim()
        .min(1, 'Answer this question.')
        .max(MAX_ANSWER, `An answer has at most ${MAX_ANSWER} characters.`),
    )
    .max(20)
    .default([]),
});

/**
 * 'Find the next free time' (its page's GET form, and /api): a length in whole minutes, which must
 * then be one of the resource's (lengthChoiceText() says which when it is not).
 */
export const NextFreeQuerySchema = z.object({
  minutes: z
    .string({ required_error: 'Choose a length.' })
    .trim()
    .regex(/^\d{1,5}$/, 'Choose a length in whole minutes.')
    .transform(Number)
    .describe(
      'the booking’s length: one of the resource’s (min_minutes to max_minutes in slot_minutes steps)',
    ),
});

/** /bookings: 'Reset link' makes a new calendar feed address. */
export const FeedResetSchema = z.object({
  intent: z.literal('reset-feed', { errorMap: () => ({ message: 'Unknown action' }) }),
});

/** /resources/{slug}/here: 'Check in' or 'Check out' of the member's own booking. */
export const CheckInSchema = z.object({
  intent: z.enum(['check-in', 'check-out']),
  booking: z.string().uuid('Unknown booking'),
});

/** /resources/{slug}/here: an inductor or admin checks a member in for them, with a reason. */
export const CheckInForSchema = z.object({
  intent: z.literal('check-in-for'),
  booking: z.string().uuid('Unknown booking'),
  reason: required('Reason', 300),
});

/** /bookings: 'Ask to waive' a strike, with the member's reason for the admins. */
export const WaiveAskSchema = z.object({
  intent: z.literal('ask-waive'),
  strike: z.string().uuid('Unknown strike'),
  reason: required('Reason', 500),
});

/** /admin/strikes: 'Waive' a member's strike, with the reason for the audit log. */
export const StrikeWaiveSchema = z.object({
  intent: z.literal('waive'),
  strike: z.string().uuid('Unknown strike'),
  reason: required('Reason', 300),
});

/** /admin/strikes: 'Decline' a member's request to waive a strike, with the reason they are mailed. */
export const StrikeDeclineSchema = z.object({
  intent: z.literal('decline'),
  strike: z.string().uuid('Unknown strike'),
  reason: required('Reason', 300),
});

/** /bookings: 'Booking reminders' on or off. */
export const BookingRemindersSchema = z.object({
  intent: z.literal('reminders'),
  reminders: z.enum(['on', 'off'], { errorMap: () => ({ message: 'Choose on or off.' }) }),
});

// /admin/credits (docs/product.md §10 'Credits'): credits made and edited, grants and adjustments.

/** A credit made or edited: its name ('GPU tokens'), its unit ('token') and the monthly allowance. */
export const CreditFormSchema = z.object({
  name: required('Name', 60),
  unit: required('Unit', 30),
  monthlyAllowance: z
    .number({ invalid_type_error: 'Monthly allowance must be a whole number' })
    .int('Monthly allowance must be a whole number')
    .min(0, 'Monthly allowance cannot be negative')
    .max(100_000, 'Monthly allowance must be at most 100000')
    .default(0),
});
export type CreditForm = z.infer<typeof CreditFormSchema>;

const CreditGrantBase = z.object({
  credit: z.string({ required_error: 'Choose a credit.' }).min(1, 'Choose a credit.').max(100),
  amount: z
    .number({ required_error: 'Amount is required', invalid_type_error: 'Amount must be a whole number' })
    .int('Amount must be a whole number')
    .min(1, 'Amount must be at least 1')
    .max(100_000, 'Amount must be at most 100000'),
  reason: required('Reason', 300),
  /** the last lab day it may be spent on; empty: never expires */
  expires: z
    .string()
    .trim()
    .optional()
    .refine((value) => !value || parseLabDay(value) !== null, 'Expires must be a date like 2026-12-31')
    .refine(
      (value) =>
        !value || parseLabDay(value) === null || labTime(addDays(value, 1), 0).getTime() > Date.now(),
      'That day has passed: choose today or later, or leave it empty for never',
    ),
  /** drawn with the page: the same form sent twice grants once */
  key: z
    .string({ required_error: 'Reload the page and grant again.' })
    .uuid('Reload the page and grant again.'),
});

/** 'Grant to a member': by username. */
export const CreditGrantSchema = CreditGrantBase.extend({ username: required('Username', 64) });
/** 'Grant to every member'. */
export const CreditGrantAllSchema = CreditGrantBase;
export type CreditGrant = z.infer<typeof CreditGrantBase>;

/** When a grant expires: the end of its last lab day in Dublin, or null for never. */
export const grantExpiry = (expires: string | undefined) =>
  expires ? labTime(addDays(expires, 1), 0) : null;

/** An admin's adjustment of one lot: a signed whole number and why. */
export const CreditAdjustSchema = z.object({
  lot: z.string({ required_error: 'Unknown lot' }).uuid('Unknown lot'),
  delta: z
    .number({
      required_error: 'Change is required',
      invalid_type_error: 'Change must be a whole number, like 5 or -3',
    })
    .int('Change must be a whole number, like 5 or -3')
    .min(-100_000, 'Change must be at least -100000')
    .max(100_000, 'Change must be at most 100000')
    .refine((value) => value !== 0, 'Change cannot be 0'),
  reason: required('Reason', 300),
});
