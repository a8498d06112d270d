// The shapes of /api (docs/product.md §3 and §7) as zod schemas: request bodies are parsed with
// them, and /api/openapi.json is generated from them, so the document cannot drift from the
// handlers. Field rules and messages come from the forms' schemas (~/lib/schemas): one home.
import { z } from 'zod';
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
