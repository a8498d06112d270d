// Form schemas with docs/product.md §5's messages, shared by the browser (enhancement) and the server
// (authority). Each message is written here once.
import { z } from 'zod';
import { parseTags, PROJECT_LIMITS, PROJECT_SLUG, websiteProblem } from './projects';
import { MAX_BIO, MAX_QUALIFICATIONS, MIN_PASSWORD, POST_REMOVAL_REASON_MAX } from './limits';
import { MAX_INVITE_DAYS, MAX_INVITE_NOTE, MAX_INVITE_USES } from './invites';
import { normalEmail } from './email';

const RESERVED_USERNAMES = new Set(['edit', 'delete', 'new', 'admin', 'login', 'register', 'profile']);

export const emailField = (invalid: string) =>
  z
    .string({ required_error: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .max(254, invalid)
    .email(invalid)
    .transform(normalEmail);

const passwordField = z
  .string({ required_error: 'Password is required' })
  .min(1, 'Password is required')
  .min(MIN_PASSWORD, `Password must be at least ${MIN_PASSWORD} characters`)
  .max(256, 'Password must be at most 256 characters');

/**
 * New password plus confirmation: 'Passwords do not match' sits on the confirmation field. The
 * match is checked in its own half of an intersection so it shows together with other errors
 * (an object refinement would wait until every other field is valid).
 */
function withConfirmation<T extends z.ZodRawShape>(shape: T) {
  const match = z
    .object({ password: z.string().optional(), confirmPassword: z.string().optional() })
    .refine((value) => !value.password || value.password === value.confirmPassword, {
      message: 'Passwords do not match',
      path: ['confirmPassword'],
    });
  return z.intersection(
    z.object({ ...shape, password: passwordField, confirmPassword: z.string().optional() }),
    match,
  );
}

export const LoginSchema = z.object({
  email: z.string({ required_error: 'Email is required' }).trim().min(1, 'Email is required').max(254),
  password: z.string({ required_error: 'Password is required' }).min(1, 'Password is required').max(256),
  from: z.string().max(2000).optional(),
});

/** Forgot-password and set-password requests. */
export const EmailRequestSchema = z.object({ email: emailField('Please enter a valid email address') });

export const ResetPasswordSchema = withConfirmation({});

/** The username rule (docs/product.md §5): the forms and the availability check use this one. */
export const UsernameSchema = z
  .string({ required_error: 'Username is required' })
  .trim()
  .min(1, 'Username is required')
  .min(3, 'Username must be at least 3 characters')
  .max(30, 'Username must be at most 30 characters')
  .regex(/^[A-Za-z0-9_]+$/, 'Username can only contain letters, numbers and underscores')
  .refine((value) => !RESERVED_USERNAMES.has(value.toLowerCase()), 'Username is already taken');

export const fullnameField = z
  .string({ required_error: 'Full name is required' })
  .trim()
  .min(1, 'Full name is required')
  .max(100, 'Full name must be at most 100 characters');

export function inviteKeyField() {
  return z
    .string({ required_error: 'Invite key is required' })
    .trim()
    .min(1, 'Invite key is required')
    .max(200, 'This invite key is not valid');
}

export const RegisterStep1Schema = withConfirmation({
  email: emailField('Invalid email format'),
  username: UsernameSchema,
  fullname: fullnameField,
  inviteKey: inviteKeyField(),
});

export const qualificationsField = z
  .array(z.string().trim().max(120, 'Each qualification must be at most 120 characters').optional())
  .max(MAX_QUALIFICATIONS, `You can list at most ${MAX_QUALIFICATIONS} qualifications`)
  .default([])
  // docs/product.md §5: blank rows are dropped on submit.
  .transform((list) => list.filter((item): item is string => Boolean(item && item.trim())));

export const requiredBioField = z
  .string({ required_error: 'Please provide a short bio' })
  .trim()
  .min(1, 'Please provide a short bio')
  .max(MAX_BIO, `Bio must be at most ${MAX_BIO} characters`);

export const RegisterStep2Schema = z.object({
  bio: requiredBioField,
  qualifications: qualificationsField,
  // Files are checked on the server (type from bytes, size); listed so the form knows the fields.
  avatar: z.unknown().optional(),
  banner: z.unknown().optional(),
});

export type RegisterStep1 = z.infer<typeof RegisterStep1Schema>;

/** docs/product.md §5 Posts: the title is required (blank counts as missing); content and file are optional. */
export const PostSchema = z.object({
  title: z
    .string({ required_error: 'Title is required' })
    .trim()
    .min(1, 'Title is required')
    .max(200, 'Title must be at most 200 characters'),
  content: z.string().max(50_000, 'Content must be at most 50,000 characters').default(''),
  starred: z.boolean().default(false),
  removeFile: z.boolean().default(false),
  attachment: z.unknown().optional(),
});

export const optionalBioField = z
  .string()
  .trim()
  .max(MAX_BIO, `Bio must be at most ${MAX_BIO} characters`)
  .default('');

/** docs/product.md §5 Profile edit. */
export const ProfileSchema = z.object({
  username: UsernameSchema,
  fullname: fullnameField,
  bio: optionalBioField,
  qualifications: qualificationsField,
  avatar: z.unknown().optional(),
  banner: z.unknown().optional(),
});

/** Admin: a new invite key (the same bounds as `npm run admin -- invite create`). */
export const InviteCreateSchema = z.object({
  intent: z.literal('create'),
  uses: z
    .number({ required_error: 'Uses is required', invalid_type_error: 'Uses must be a whole number' })
    .int('Uses must be a whole number')
    .min(1, `Uses must be from 1 to ${MAX_INVITE_USES}`)
    .max(MAX_INVITE_USES, `Uses must be from 1 to ${MAX_INVITE_USES}`),
  expiresInDays: z
    .number({ invalid_type_error: 'Expiry must be a whole number of days' })
    .int('Expiry must be a whole number of days')
    .min(1, `Expiry must be from 1 to ${MAX_INVITE_DAYS} days`)
    .max(MAX_INVITE_DAYS, `Expiry must be from 1 to ${MAX_INVITE_DAYS} days`)
    .optional(),
  note: z
    .string()
    .trim()
    .max(MAX_INVITE_NOTE, `Note must be at most ${MAX_INVITE_NOTE} characters`)
    .optional(),
});

/** Admin: revoking a key, named by its row id. */
export const InviteRevokeSchema = z.object({ intent: z.literal('revoke'), id: z.string().uuid() });

/** /admin/jobs: 'Retry' on a dead job. */
export const JobRetrySchema = z.object({ intent: z.literal('retry'), id: z.string().uuid() });

/** Deleting one's own account: the password, or the username for a member who has none. */
export const DeleteAccountSchema = z.object({
  confirmation: z
    .string({ required_error: 'Type your password or username to confirm' })
    .min(1, 'Type your password or username to confirm')
    .max(256),
});

/** /profile 'Hide me from the directory': the member's choice, as the button sends it. */
export const DirectoryListingSchema = z.object({ hidden: z.enum(['0', '1']) });

/** An admin's sign-in switch for a member on /admin/members. */
export const SignInSwitchSchema = z.object({
  intent: z.enum(['disable', 'enable']),
  username: z.string().min(1).max(64),
});

/** Removing someone's post (/admin/posts/{postId}/remove): the author is shown the reason. */
export const PostRemovalSchema = z.object({
  reason: z
    .string({ required_error: 'Reason is required' })
    .trim()
    .min(1, 'Reason is required')
    .max(POST_REMOVAL_REASON_MAX, `Reason must be at most ${POST_REMOVAL_REASON_MAX} characters`),
});

/**
 * A project's website or nothing (websiteProblem: http and https only), for the admin's form and
 * `project import`; each says what is wrong in its own words.
 */
export const websiteField = (notAnAddress: string, wrongScheme: string) =>
  z
    .string()
    .trim()
    .superRefine((value, ctx) => {
      const problem = value ? websiteProblem(value) : null;
      if (problem)
        ctx.addIssue({ code: 'custom', message: problem === 'scheme' ? wrongScheme : notAnAddress });
    });

/**
 * The admin's project form (/admin/projects): the rules of `project import` (PROJECT_LIMITS,
 * PROJECT_SLUG) with messages for people. An empty slug is made from the name; team rows left
 * blank are skipped; which usernames exist is checked when the project is saved.
 */
export const ProjectFormSchema = z.object({
  name: z
    .string({ required_error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(PROJECT_LIMITS.name, `Name must be at most ${PROJECT_LIMITS.name} characters`),
  slug: z
    .string()
    .trim()
    .max(PROJECT_LIMITS.slug, `Slug must be at most ${PROJECT_LIMITS.slug} characters`)
    .regex(PROJECT_SLUG, 'Slug must be lower-case letters, digits and single hyphens, like open-quadruped')
    .optional(),
  description: z
    .string()
    .max(PROJECT_LIMITS.description, `Description must be at most ${PROJECT_LIMITS.description} characters`)
    .default(''),
  url: websiteField(
    'Website must be a full address, like https://example.com',
    'Website must start with http:// or https://',
  ).optional(),
  featured: z.boolean().default(false),
  tags: z
    .string()
    .optional()
    .transform(parseTags)
    .pipe(
      z
        .array(
          z.string().max(PROJECT_LIMITS.tag, `Each tag must be at most ${PROJECT_LIMITS.tag} characters`),
        )
        .max(PROJECT_LIMITS.tags, `At most ${PROJECT_LIMITS.tags} tags`),
    ),
  team: z
    .array(
      z
        .object({
          username: z.string().trim().max(64).optional(),
          role: z
            .string()
            .trim()
            .max(PROJECT_LIMITS.role, `Role must be at most ${PROJECT_LIMITS.role} characters`)
            .default(''),
        })
        .refine((row) => row.username || !row.role, {
          message: 'Username is required',
          path: ['username'],
        })
        .optional(),
    )
    .max(PROJECT_LIMITS.team, `At most ${PROJECT_LIMITS.team} team members`)
    .default([]),
  banner: z.unknown().optional(),
  logo: z.unknown().optional(),
  removeBanner: z.boolean().default(false),
  removeLogo: z.boolean().default(false),
});

export type ProjectForm = z.infer<typeof ProjectFormSchema>;
