// Row -> model mapping shared by the API modules.
import { safeFilename } from '~/lib/files';
import type { AssetRef, FileRef, Post } from '~/lib/models';

export const assetRef = (id: string | null): AssetRef | null => (id ? { id } : null);

export function parseList(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

export interface PostRow {
  id: string;
  slug: string;
  title: string;
  content: string;
  starred: number;
  created_at: string;
  file_id: string | null;
  file_name: string | null;
  file_mime_type: string | null;
}

export function toPost(row: PostRow): Post {
  const file: FileRef | null =
    row.file_id && row.file_name
      ? {
          id: row.file_id,
          // shown and linked as /assets/{id}/{name}: made safe again for rows stored before the rule
          name: safeFilename(row.file_name),
          mime_type: row.file_mime_type ?? 'application/octet-stream',
        }
      : null;
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    content: row.content,
    starred: row.starred === 1,
    created_at: row.created_at,
    file,
  };
}
