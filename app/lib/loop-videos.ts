// The landing page's looping videos (docs/product.md §2). Each plays in a small document of its
// own, /loops/{name}, framed lazily by the landing page: a muted autoplaying <video> is fetched at
// once whatever its preload says, and a cheap phone would spend its first seconds on clips far
// below the fold; a lazy iframe is not even requested until it nears the screen, with no
// JavaScript needed.

import { escapeHtml } from './html';

export const LOOP_VIDEOS = [
  { name: 'soldering', label: 'Soldering a circuit board', caption: 'Soldering' },
  { name: 'printing', label: 'A part being 3D printed layer by layer', caption: '3D printing' },
  { name: 'dna', label: 'A turning DNA double helix', caption: 'DNA' },
] as const;

/**
 * The document of one clip. React does not write the `muted` attribute into server HTML, and
 * browsers only autoplay muted video, so this is markup. The sources only match without reduced
 * motion: with reduced motion the poster shows, still.
 */
export function loopVideoDocument({ name, label }: { name: string; label: string }): string {
  const motion = '(prefers-reduced-motion: no-preference)';
  return (
    `<!doctype html><html lang="en-IE"><head><meta charset="utf-8"><title>${escapeHtml(label)}</title>` +
    '<style>html,body{margin:0;height:100%;overflow:hidden;background:#16181d}' +
    'video{display:block;width:100%;height:100%;object-fit:cover}</style></head><body>' +
    `<video autoplay muted loop playsinline preload="none" width="640" height="360" ` +
    `poster="/media/${name}.jpg" aria-label="${escapeHtml(label)}">` +
    `<source src="/media/${name}.webm" type="video/webm" media="${motion}">` +
    `<source src="/media/${name}.mp4" type="video/mp4" media="${motion}">` +
    '</video></body></html>'
  );
}
