// The initials avatar (docs/product.md §3), drawn by us instead of a third-party service.
import { escapeHtml } from './html';

/** Up to two initials: first and last word of the name; '?' for an empty name. */
export function initials(name: string): string {
  const words = name
    .trim()
    .split(/[\s_.-]+/)
    .filter(Boolean);
  if (!words.length) return '?';
  const first = [...words[0]][0] ?? '';
  const last = words.length > 1 ? ([...words[words.length - 1]][0] ?? '') : '';
  return (first + last).toUpperCase();
}

const PALETTE = ['#9a3412', '#0f766e', '#1d4ed8', '#7e22ce', '#be123c', '#4d7c0f', '#a16207', '#334155'];

/** A stable background colour per name; each keeps white text above 4.5:1 contrast. */
export function avatarColour(name: string): string {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.codePointAt(0)!) >>> 0;
  return PALETTE[hash % PALETTE.length];
}

export function initialsSvg(name: string): string {
  const text = escapeHtml(initials(name));
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 128 128" width="128" height="128" role="img" aria-label="${escapeHtml(name.trim() || 'Member')}"><rect width="128" height="128" fill="${avatarColour(name)}"/><text x="50%" y="50%" dy=".35em" text-anchor="middle" font-family="system-ui,-apple-system,Segoe UI,Roboto,sans-serif" font-size="52" font-weight="600" fill="#fff">${text}</text></svg>`;
}
