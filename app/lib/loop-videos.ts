// The landing page's looping videos (docs/product.md §2). Each plays in a small document of its
// own, /loops/{name}, framed lazily by the landing page, so the landing page itself runs no script.
// Nothing of a clip but its poster downloads before it is on screen (measured: an `autoplay`
// attribute made the browser fetch all three clips, 107 KB, with the page, whatever `preload`
// said, and browsers treat frames a screen or two away as near).

import { escapeHtml } from './html';

export const LOOP_VIDEOS = [
  { name: 'soldering', label: 'Soldering a circuit board', caption: 'Soldering' },
  { name: 'printing', label: 'A part being 3D printed layer by layer', caption: '3D printing' },
  { name: 'dna', label: 'A turning DNA double helix', caption: 'DNA' },
] as const;

/**
 * Plays the clip, muted and looping, while any of it is on screen, and pauses it when it leaves;
 * with reduced motion it stays a still poster with the play button. Without JavaScript the poster
 * and the button are the clip (and a tap plays it).
 */
export const LOOP_VIDEO_SCRIPT =
  "var v=document.querySelector('video');" +
  "if('IntersectionObserver'in window&&!matchMedia('(prefers-reduced-motion: reduce)').matches){" +
  'v.controls=false;' +
  'new IntersectionObserver(function(e){if(e[0].isIntersecting)v.play().catch(function(){v.controls=true});else v.pause()}).observe(v)}';

/**
 * The document of one clip. React does not write the `muted` attribute into server HTML, and
 * browsers only play muted video without a gesture, so this is markup. The route allows
 * LOOP_VIDEO_SCRIPT by its hash.
 */
export function loopVideoDocument({ name, label }: { name: string; label: string }): string {
  return (
    `<!doctype html><html lang="en-IE"><head><meta charset="utf-8"><title>${escapeHtml(label)}</title>` +
    '<style>html,body{margin:0;height:100%;overflow:hidden;background:#16181d}' +
    'video{display:block;width:100%;height:100%;object-fit:cover}</style></head><body>' +
    `<video muted loop playsinline controls preload="none" width="640" height="360" ` +
    `poster="/media/${name}.webp" aria-label="${escapeHtml(label)}">` +
    `<source src="/media/${name}.webm" type="video/webm">` +
    `<source src="/media/${name}.mp4" type="video/mp4">` +
    `</video><script>${LOOP_VIDEO_SCRIPT}</script></body></html>`
  );
}
