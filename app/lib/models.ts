// The shapes of docs/product.md §3, as the store seam answers them. Shared by server and components.

export interface AssetRef {
  id: string;
}

export interface FileRef extends AssetRef {
  name: string;
  mime_type: string;
}

export interface Post {
  id: string;
  slug: string;
  title: string;
  content: string;
  starred: boolean;
  created_at: string;
  file: FileRef | null;
}

export interface Member {
  username: string;
  fullname: string;
  bio: string;
  qualifications: string[];
  avatar: AssetRef | null;
  banner: AssetRef | null;
  posts: Post[];
  /** left out of the directory, the sitemap and feeds by their own choice (this site's store only) */
  hidden?: boolean;
}

/** A post together with the member who wrote it (the post view needs both). */
export interface PostWithAuthor extends Post {
  author: Pick<Member, 'username' | 'fullname' | 'avatar'>;
}

export interface ProjectMember {
  role: string;
  user: Pick<Member, 'username' | 'fullname' | 'avatar'>;
}

export interface Project {
  id: string;
  slug: string;
  name: string;
  description: string;
  url: string;
  featured: boolean;
  tags: string[];
  banner: AssetRef | null;
  logo: AssetRef | null;
  members: ProjectMember[];
}

/** docs/product.md §8: what a failed API call says. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message = `API request failed with status ${status}`,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** A write refused because of one of its fields (e.g. an API client names an upload it cannot use). */
export class FieldError extends ApiError {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(422, message);
    this.name = 'FieldError';
  }
}

/** docs/product.md §8: an upload whose answer has no id. */
export const NO_ASSET_ID = 'Failed to get asset ID from server response';

/**
 * What a failed write says (docs/product.md §8 'the message or ...'): the message when it tells
 * the member something (a field, an upload without id), else the screen's own fallback.
 */
export function writeFailureText(error: unknown, fallback: string): string {
  if (error instanceof FieldError || (error instanceof ApiError && error.message === NO_ASSET_ID))
    return error.message;
  return fallback;
}
