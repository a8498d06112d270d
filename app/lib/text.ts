// Display rules of docs/product.md §5 and §9. Each number lives here once.

/** Cuts text to `keep` characters plus `suffix` when it is longer than `over`. */
export function cut(text: string, keep: number, suffix: string, over = keep): string {
  const trimmed = text.trim();
  return trimmed.length > over ? trimmed.slice(0, keep).trimEnd() + suffix : trimmed;
}

/** docs/product.md §5: the bio is cut at 150 characters when the member has posts, otherwise 300. */
export function bioLimit(postCount: number) {
  return postCount > 0 ? 150 : 300;
}

/** The bio as a member card shows it first; `isCut` says whether 'read more' is needed. */
export function shortBio(bio: string, postCount: number) {
  const limit = bioLimit(postCount);
  const text = bio.trim();
  return text.length > limit ? { text: cut(text, limit, '...'), isCut: true } : { text, isCut: false };
}

/** docs/product.md §5: project card description, 150 characters plus '...'. */
export const cardDescription = (text: string) => cut(text, 150, '...');

/** docs/product.md §5: meta description, 157 characters plus '...' when over 160. */
export const metaDescription = (text: string) => cut(text.replace(/\s+/g, ' '), 157, '...', 160);

/** docs/product.md §2: member profile sharing description, 137 characters plus an ellipsis when over 140. */
export const sharingDescription = (text: string) => cut(text.replace(/\s+/g, ' '), 137, '...', 140);

/** docs/product.md §2: a member card shows the upper-cased full name. */
export const cardName = (fullname: string) => fullname.toUpperCase();

/** docs/product.md §2: "{first name}'s Posts". */
export function firstName(fullname: string, fallback: string) {
  return fullname.trim().split(/\s+/)[0] || fallback;
}

/** docs/product.md §3: a post without a title shows as 'Untitled Post' in member lists. */
export const postTitle = (title: string) => title.trim() || 'Untitled Post';

/** docs/product.md §5: content counts as present only when non-blank after trimming. */
export const hasContent = (content: string | null | undefined) => Boolean(content && content.trim());
