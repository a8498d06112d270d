// A muted looping clip that plays without JavaScript. React does not write the `muted` attribute
// into server HTML, and browsers only autoplay muted video, so the element is written as markup.
// Its sources only match without reduced-motion: with reduced motion the poster shows, still.
const escapeAttr = (text: string) => text.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`);

export function LoopVideo({ name, label }: { name: string; label: string }) {
  const motion = '(prefers-reduced-motion: no-preference)';
  const html =
    `<video class="loop-video" autoplay muted loop playsinline preload="none" width="640" height="360" ` +
    `poster="/media/${name}.jpg" aria-label="${escapeAttr(label)}">` +
    `<source src="/media/${name}.webm" type="video/webm" media="${motion}">` +
    `<source src="/media/${name}.mp4" type="video/mp4" media="${motion}">` +
    `</video>`;
  return <div className="video-frame" dangerouslySetInnerHTML={{ __html: html }} />;
}
