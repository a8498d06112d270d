// What a stored file may be called (docs/architecture.md §6): the name is shown on the post page,
// sent in Content-Disposition and used as a path in the data export's ZIP.

/**
 * Control characters, invisible format characters (bidi overrides and isolates such as U+202E,
 * which shows 'inv\u202efdp.exe' as 'invexe.pdf', zero-width characters, soft hyphens, BOMs),
 * line and paragraph separators, halves of surrogate pairs, quotes and slashes.
 */
const UNSAFE = /[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}"/\\]/gu;

/**
 * The last segment of an uploaded name, without unsafe characters, NFC, at most 160 characters;
 * 'file' when nothing is left or only dots are (`.` and `..` are path segments, not names).
 */
export function safeFilename(name: string) {
  const base = name.replace(/\\/g, '/').split('/').pop() ?? '';
  const cleaned = base.normalize('NFC').replace(UNSAFE, '').trim();
  const named = /^\.*$/.test(cleaned) ? 'file' : cleaned;
  // Cutting may split a surrogate pair: its first half goes too.
  return named.slice(0, 160).replace(/[\uD800-\uDBFF]$/, '');
}
