// How answers of an upstream backend are read (API_URL, docs/api.md): tolerantly where real
// backends differ (ids as numbers or strings; lists under `results` or `data`; a file's
// `name`/`filename_download`, `mime_type`/`type`; null or missing optional fields), strictly where
// a page cannot do without a field. What comes out are the site's own models.
import { z } from 'zod';
import type { AssetRef, FileRef, Member, Post, Project } from '~/lib/models';
import { safeFilename } from '~/lib/files';
import { isWebsite } from '~/lib/projects';

const id = z.union([z.string().min(1), z.number().int()]).transform(String);
const text = z
  .string()
  .nullish()
  .transform((value) => value ?? '');
const flag = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.null(), z.undefined()])
  .transform((value) => value === true || value === 1);

/** `{id}`, a bare id, or nothing. */
const assetRef: z.ZodType<AssetRef | null, z.ZodTypeDef, unknown> = z
  .union([z.object({ id }).passthrough(), id, z.null(), z.undefined()])
  .transform((value) =>
    value == null ? null : typeof value === 'string' ? { id: value } : { id: value.id },
  );

const fileRef: z.ZodType<FileRef | null, z.ZodTypeDef, unknown> = z
  .union([
    z
      .object({
        id,
        name: z.string().nullish(),
        filename_download: z.string().nullish(),
        filename: z.string().nullish(),
        mime_type: z.string().nullish(),
        type: z.string().nullish(),
      })
      .passthrough(),
    z.null(),
    z.undefined(),
  ])
  .transform((value) =>
    value
      ? {
          id: value.id,
          name: safeFilename(value.name ?? value.filename_download ?? value.filename ?? 'file'),
          mime_type: value.mime_type ?? value.type ?? 'application/octet-stream',
        }
      : null,
  );

export const RemotePost: z.ZodType<Post, z.ZodTypeDef, unknown> = z.object({
  id,
  slug: z.string().min(1),
  title: text,
  content: text,
  starred: flag,
  created_at: z.union([z.string(), z.null(), z.undefined()]).transform((value) => value ?? ''),
  file: fileRef,
});

const strings = z
  .array(z.string().nullish())
  .nullish()
  .transform((list) => (list ?? []).filter((item): item is string => Boolean(item && item.trim())));

const userFields = {
  username: z.string().min(1),
  fullname: text,
  bio: text,
  qualifications: strings,
  avatar: assetRef,
  banner: assetRef,
};

export const RemoteUser = z
  .object(userFields)
  .transform((user) => ({ ...user, fullname: user.fullname || user.username }));

export const RemoteMember: z.ZodType<Member, z.ZodTypeDef, unknown> = z
  .object({ ...userFields, posts: z.array(RemotePost).nullish() })
  .transform((member) => ({
    ...member,
    fullname: member.fullname || member.username,
    posts: member.posts ?? [],
  }));

export const RemoteProject: z.ZodType<Project, z.ZodTypeDef, unknown> = z
  .object({
    id,
    slug: z.string().nullish(),
    name: z.string().min(1),
    description: text,
    // Rendered in href: a backend's javascript: or data: address is dropped, not linked.
    url: text.transform((value) => (isWebsite(value) ? value : '')),
    featured: flag,
    tags: strings,
    banner: assetRef,
    logo: assetRef,
    members: z
      .array(
        z.object({
          role: text,
          user: z.object({ username: z.string().min(1), fullname: text, avatar: assetRef }),
        }),
      )
      .nullish()
      .transform((list) => list ?? []),
  })
  .transform((project) => ({ ...project, slug: project.slug || project.id }));

/** A list answer: `{results: [...]}`, `{data: [...]}`, `{<key>: [...]}` or a bare array. */
function list<T>(item: z.ZodType<T, z.ZodTypeDef, unknown>, key = 'results') {
  return z.preprocess((value) => {
    if (Array.isArray(value)) return value;
    if (value && typeof value === 'object') {
      const record = value as Record<string, unknown>;
      return record[key] ?? record.results ?? record.data ?? [];
    }
    return value;
  }, z.array(item));
}

/** `{data: {...}}` envelopes (Directus-like backends) are unwrapped. */
const unwrap = <T>(schema: z.ZodType<T, z.ZodTypeDef, unknown>) =>
  z.preprocess((value) => {
    const data = (value as { data?: unknown } | null)?.data;
    return data && typeof data === 'object' && !Array.isArray(data) ? data : value;
  }, schema);

export const RemoteMembers = list(RemoteMember);
export const RemoteProjects = list(RemoteProject);
/** `{posts: [...]}`; a missing list is empty (docs/product.md §7 'default empty'). */
export const RemotePosts = list(RemotePost, 'posts');
export const RemoteVerifiedUser = unwrap(RemoteUser);
export const RemoteWrittenPost = unwrap(z.object({ id, slug: z.string().nullish() }).passthrough());
export const RemoteCount = unwrap(z.object({ count: z.coerce.number().int().min(0) })).transform(
  (value) => value.count,
);
/** The id of an upload, or null when the answer has none (the caller says so, docs/product.md §8). */
export const RemoteUpload = unwrap(z.object({ id: id.nullish() }).passthrough()).transform(
  (value) => value.id ?? null,
);
/** A backend's error body, if it sent one we can read. */
export const RemoteErrorBody = z
  .object({
    error: z.union([
      z.string(),
      z.object({
        code: z.string().nullish(),
        message: z.string().nullish(),
        fields: z.record(z.array(z.string())).nullish(),
      }),
    ]),
  })
  .transform(({ error }) => (typeof error === 'string' ? { message: error } : error));

/** The first problem of a parse, as one line naming the field: `results[3].username: Required`. */
export function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  const path = issue.path.reduce<string>(
    (out, part) => (typeof part === 'number' ? `${out}[${part}]` : out ? `${out}.${part}` : part),
    '',
  );
  return `${path || '(answer)'}: ${issue.message}`;
}
