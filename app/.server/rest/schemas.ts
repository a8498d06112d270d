// The shapes of /api (docs/product.md §3 and §7) as zod schemas: request bodies are parsed with
// them, and /api/openapi.json is generated from them, so the document cannot drift from the
// handlers. Field rules and messages come from the forms' schemas (~/lib/schemas): one home.
import { z } from 'zod';
import { SLOT_STATES } from '~/lib/bookings/slots';
import {
  emailField,
  fullnameField,
  inviteKeyField,
  optionalBioField,
  PostSchema,
  qualificationsField,
  requiredBioField,
  UsernameSchema,
} from '~/lib/schemas';

// ---- answers ----

export const AssetRefSchema = z
  .object({ id: z.string() })
  .describe('An uploaded file, served at /api/assets/{id}');

export const FileRefSchema = z.object({ id: z.string(), name: z.string(), mime_type: z.string() });

export const PostOutSchema = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  content: z.string(),
  starred: z.boolean().describe('shown as Featured'),
  created_at: z.string().describe('ISO 8601'),
  file: FileRefSchema.nullable(),
});

export const UserOutSchema = z.object({
  username: z.string(),
  fullname: z.string(),
  bio: z.string(),
  qualifications: z.array(z.string()),
  avatar: AssetRefSchema.nullable(),
  banner: AssetRefSchema.nullable(),
});

export const MemberOutSchema = UserOutSchema.extend({ posts: z.array(PostOutSchema) });

export const ProjectOutSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  url: z.string().describe('an http:// or https:// address, or empty'),
  featured: z.boolean(),
  tags: z.array(z.string()),
  banner: AssetRefSchema.nullable(),
  logo: AssetRefSchema.nullable(),
  members: z.array(
    z.object({
      role: z.string(),
      user: z.object({ username: z.string(), fullname: z.string(), avatar: AssetRefSchema.nullable() }),
    }),
  ),
});

export const MembersOutSchema = z.object({ results: z.array(MemberOutSchema) });
export const ProjectsOutSchema = z.object({ results: z.array(ProjectOutSchema) });
export const PostsOutSchema = z.object({ posts: z.array(PostOutSchema) });
export const CountOutSchema = z.object({ count: z.number().int().min(0).describe('above 0: taken') });
export const UploadOutSchema = z.object({ id: z.string() });
export const DeletedOutSchema = z.object({ deleted: z.literal(true) });
export const LoggedOutSchema = z.object({ logged_out: z.literal(true) });
export const AuthOutSchema = z.object({
  user: UserOutSchema,
  token: z.string().describe('send as Authorization: Bearer <token>'),
  expires_at: z.string().describe('ISO 8601'),
});

export const ErrorOutSchema = z.object({
  error: z.object({
    code: z.string().describe('invalid-json, invalid-input, unauthorized, not-found, ... (docs/api.md)'),
    message: z.string(),
    fields: z.record(z.array(z.string())).optional().describe('messages per request field'),
    nearest: z
      .array(z.string())
      .optional()
      .describe('409 taken: free starts (ISO 8601) of the same length close by'),
  }),
});

// ---- requests ----

/** One upload cannot be both avatar and banner (replacing one would delete the other). */
const differentImages: [
  (body: { avatar_id?: string | null; banner_id?: string | null }) => boolean,
  { message: string; path: string[] },
] = [
  (body) => !body.avatar_id || body.avatar_id !== body.banner_id,
  { message: 'The banner must be another upload than the avatar.', path: ['banner_id'] },
];

/** An id from `POST /api/assets/upload/{filename}`. */
const uploadId = z
  .string({ invalid_type_error: 'Must be an upload id' })
  .regex(/^[0-9a-f]{32}$/, 'Must be an upload id');

export const LoginBodySchema = z
  .object({
    email: z.string({ required_error: 'Email is required' }).trim().min(1, 'Email is required').max(254),
    password: z.string({ required_error: 'Password is required' }).min(1, 'Password is required').max(256),
  })
  .strict();

/** docs/product.md §3 registration data, reading A. */
export const SignupBodySchema = z
  .object({
    email: emailField('Invalid email format'),
    username: UsernameSchema,
    fullname: fullnameField,
    invite_key: inviteKeyField(),
    description: requiredBioField.describe('the bio'),
    qualifications: qualificationsField,
    avatar_id: uploadId
      .nullish()
      .refine((value) => value != null, 'Please choose an avatar image')
      .transform((value) => value as string),
    banner_id: uploadId.nullable().default(null),
  })
  .strict()
  .refine(...differentImages);

export const GetByUserBodySchema = z
  .object({ username: z.string({ required_error: 'Username is required' }).trim().min(1).max(30) })
  .strict();

const postFields = PostSchema.pick({ title: true, content: true, starred: true });

export const PostInsertBodySchema = postFields
  .extend({ file_id: uploadId.nullable().default(null) })
  .strict();

export const PostEditBodySchema = postFields
  .extend({
    id: z.string({ required_error: 'id is required' }).min(1).max(64),
    file_id: uploadId
      .nullish()
      .describe(
        'a new upload replaces the file; the current id (or leaving it out) keeps it; null removes it',
      ),
  })
  .strict();

export const PostDeleteBodySchema = z
  .object({ id: z.string({ required_error: 'id is required' }).min(1).max(64) })
  .strict();

export const UpdateProfileBodySchema = z
  .object({
    username: UsernameSchema,
    fullname: fullnameField,
    bio: optionalBioField,
    qualifications: qualificationsField,
    avatar_id: uploadId
      .nullish()
      .describe('a new upload replaces the avatar; null or the current id keeps it'),
    banner_id: uploadId
      .nullish()
      .describe('a new upload replaces the banner; null or the current id keeps it'),
  })
  .strict()
  .refine(...differentImages);

// ---- bookings (docs/product.md §10) ----

const OpeningDaySchema = z
  .object({
    open: z.string().describe('HH:MM, lab time'),
    close: z.string().describe('HH:MM; 24:00 is midnight'),
  })
  .nullable();

export const ResourceOutSchema = z.object({
  slug: z.string(),
  name: z.string(),
  kind: z.enum(['fabrication', 'electronics', 'wetlab']),
  description: z.string(),
  photo: AssetRefSchema.nullable(),
  status: z.enum(['available', 'out_of_service']),
  status_reason: z.string().describe('why it is out of service; empty when available'),
  induction: z.object({ slug: z.string(), name: z.string() }).nullable().describe('the induction it needs'),
  approval_required: z
    .boolean()
    .describe('a booking is a request an approver decides (POST /bookings answers 202, `pending`)'),
  questions: z.array(z.string()).describe('asked of a request: POST /bookings takes an answer to each'),
  rules: z.object({
    slot_minutes: z.number().int(),
    min_minutes: z.number().int(),
    max_minutes: z.number().int(),
    buffer_minutes: z.number().int().describe('after each booking nobody else may start'),
    hours: z
      .union([
        z.literal('any'),
        z.object({
          mon: OpeningDaySchema,
          tue: OpeningDaySchema,
          wed: OpeningDaySchema,
          thu: OpeningDaySchema,
          fri: OpeningDaySchema,
          sat: OpeningDaySchema,
          sun: OpeningDaySchema,
        }),
      ])
      .describe("'any' time, or opening hours per weekday in Europe/Dublin (null: closed)"),
    notice_minutes: z.number().int(),
    horizon_days: z.number().int(),
    cancel_cutoff_minutes: z.number().int(),
    max_upcoming: z.number().int().nullable().describe('null: no limit'),
    max_week_minutes: z.number().int().nullable().describe('per lab week, Monday to Sunday; null: no limit'),
  }),
  rules_text: z.array(z.string()).describe('the rules in plain words, as the resource page says them'),
});

export const ResourcesOutSchema = z.object({ results: z.array(ResourceOutSchema) });

export const AvailabilityOutSchema = z.object({
  resource: z.string().describe('the slug'),
  from: z.string().describe('YYYY-MM-DD, the first lab day'),
  days: z.array(
    z.object({
      day: z.string().describe('YYYY-MM-DD'),
      open: z.boolean(),
      slots: z.array(
        z.object({
          start: z.string().describe('ISO 8601, UTC'),
          time: z.string().describe('HH:MM on the lab’s clock'),
          state: z
            .enum(SLOT_STATES)
            .describe(
              'mine: the caller’s own booking (with a bearer token); soon: inside the notice; short: too short a gap for the shortest booking',
            ),
        }),
      ),
    }),
  ),
});

/** GET /api/resources/{slug}/next-free: 'Find the next free time' (docs/product.md §10). */
export const NextFreeOutSchema = z.object({
  resource: z.string().describe('the slug asked about'),
  minutes: z.number().int(),
  searched: z
    .array(z.object({ slug: z.string(), name: z.string() }))
    .describe('the machines searched: the resource (unless out of service), then its equivalents'),
  starts: z
    .array(
      z.object({
        resource: z.object({ slug: z.string(), name: z.string() }).describe('the machine it is on'),
        start: z.string().describe('ISO 8601, UTC: what POST /bookings takes as `start`'),
        end: z.string().describe('ISO 8601, UTC'),
      }),
    )
    .describe('the earliest free starts, soonest first (at most 8); empty when nothing is free'),
});

export const BookingOutSchema = z.object({
  id: z.string(),
  resource: z.object({ slug: z.string(), name: z.string() }),
  start: z.string().describe('ISO 8601, UTC'),
  end: z.string().describe('ISO 8601, UTC'),
  note: z.string(),
  status: z
    .enum([
      'active',
      'checked_in',
      'checked_out',
      'no_show',
      'cancelled',
      'pending',
      'offered',
      'declined',
      'expired',
    ])
    .describe(
      'checked_out: ended early; no_show: released, nobody checked in; pending: a request waiting for approval until `hold_until`; offered: freed time held for the caller until `hold_until`; declined, expired: a request or an offer that ended',
    ),
  hold_until: z
    .string()
    .nullable()
    .describe('ISO 8601, UTC: until when a pending request or an offer holds its time; null otherwise'),
  decision_reason: z.string().describe('why an approver declined the request; empty otherwise'),
  created_at: z.string(),
  cancelled_at: z.string().nullable(),
});

export const BookingsOutSchema = z.object({
  upcoming: z.array(BookingOutSchema).describe('soonest first, running ones included'),
  past: z.array(BookingOutSchema).describe('latest first'),
});

/** GET /api/credits: the caller's credits (docs/product.md §10 'Credits'). */
export const CreditsOutSchema = z.object({
  credits: z.array(
    z.object({
      name: z.string().describe('‘GPU tokens’'),
      unit: z.string().describe('‘token’'),
      monthly_allowance: z.number().int().describe('made for each lab month a booking starts in; 0: none'),
      available: z
        .number()
        .int()
        .describe(
          'what a booking starting now could draw: this month’s allowance, made or not, and valid grants',
        ),
      held: z
        .array(
          z.object({
            booking: z.string().describe('the booking’s id'),
            about: z.string().describe('‘GPU workstation, Tuesday 1 December 2026, 10:00–12:00’'),
            amount: z.number().int(),
          }),
        )
        .describe('what each of the caller’s bookings holds now, until it is released or spent'),
      expiring: z
        .array(z.object({ amount: z.number().int(), expires_at: z.string().describe('ISO 8601, UTC') }))
        .describe('what expires in the next 30 days, soonest first'),
    }),
  ),
});

/** The fields of the booking calls' bodies, each with its messages. */
const slugField = z
  .string({ required_error: 'resource is required' })
  .min(1)
  .max(64)
  .describe('a resource’s slug');
const instantField = (name: string) =>
  z
    .string({ required_error: `${name} is required` })
    .datetime({ offset: true, message: 'Must be an ISO 8601 date and time' });
const minutesField = (name: string) =>
  z
    .number({ required_error: `${name} is required`, invalid_type_error: 'Must be a number of minutes' })
    .int('Must be a number of minutes')
    .positive('Must be a number of minutes')
    .max(14 * 24 * 60);

export const BookBodySchema = z
  .object({
    resource: slugField,
    start: instantField('start'),
    minutes: minutesField('minutes'),
    note: z.string().trim().max(500, 'A note has at most 500 characters').default(''),
    answers: z
      .array(
        z.string().trim().min(1, 'Answer every question').max(1000, 'An answer has at most 1000 characters'),
      )
      .max(20)
      .default([])
      .describe('for a resource that needs approval: an answer to each of its `questions`, in their order'),
  })
  .strict();

/** One of the caller's waits on the waiting list (docs/product.md §10 'The waiting list'). */
export const WaitOutSchema = z.object({
  id: z.string(),
  resource: z.object({ slug: z.string(), name: z.string() }),
  from: z.string().describe('ISO 8601, UTC: the window’s start'),
  to: z.string().describe('ISO 8601, UTC: the window’s end'),
  min_minutes: z.number().int().describe('the shortest time the caller can use'),
  place: z
    .number()
    .int()
    .min(1)
    .describe(
      '1: next to be offered freed time in this window (counting the earlier waits whose window meets it)',
    ),
  joined_at: z.string().describe('ISO 8601, UTC'),
});

export const WaitsOutSchema = z.object({
  waits: z.array(WaitOutSchema).describe('the caller’s waits whose window is not over, soonest window first'),
});

/** POST /api/waitlist: wait for any free time in [from, to) of at least min_minutes. */
export const WaitBodySchema = z
  .object({
    resource: slugField,
    from: instantField('from'),
    to: instantField('to'),
    min_minutes: minutesField('min_minutes'),
  })
  .strict()
  .refine((body) => Date.parse(body.to) > Date.parse(body.from), {
    path: ['to'],
    message: 'The end must be after the start',
  });
