/** Text made safe inside HTML or XML markup and attribute values (numeric character references). */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Moves what React writes after `</html>` (Remix's loader-data scripts, rendered beside the
 * document) to the end of `<body>`. Browsers put it there anyway, so the page and its hydration are
 * the same; the document becomes valid HTML.
 */
export function inBody(html: string): string {
  const end = html.lastIndexOf('</body></html>');
  if (end === -1) return html;
  const trailing = html.slice(end + '</body></html>'.length);
  return trailing ? `${html.slice(0, end)}${trailing}</body></html>` : html;
}

// While the page loads, Remix's module preloads are written as `dns-prefetch` hints (valid in
// <body>, and for the site's own host they fetch nothing) and its module script as a data block
// (a MIME type no browser runs, without `async`, which a data block may not carry).
const INERT_PRELOAD = 'dns-prefetch';
const INERT_MODULE = 'text/x-module-after-load';

/**
 * Sets back what `scriptsAfterLoad` made inert once the page has loaded (its stylesheet and its
 * largest image are in) and painted: a requestAnimationFrame callback runs just before the next
 * frame, and a timeout set there runs after it. Rewriting a data block's text makes the browser
 * prepare it again, now as a module. The DOM then matches what React rendered, so hydration sees
 * no difference.
 */
const AFTER_LOAD_BOOT =
  `function b(){requestAnimationFrame(function(){setTimeout(function(){` +
  `document.querySelectorAll('link[rel=${INERT_PRELOAD}][href^="/build/"]').forEach(function(l){l.rel='modulepreload'});` +
  `document.querySelectorAll('script[type="${INERT_MODULE}"]').forEach(function(s){s.type='module';s.async=true;s.text=s.text})` +
  `})})}document.readyState==='complete'?b():addEventListener('load',b)`;

/**
 * Starts a page's JavaScript once the page has loaded and painted instead of while it is read
 * (docs/decisions/017-scripts-after-load.md). Every page works before its scripts run, so on a
 * slow link the bandwidth goes first to the document, its CSS and its largest image, not to 100 KB
 * of modules the reader cannot see yet. Remix's module preloads and its module script are written
 * as valid, inert markup; AFTER_LOAD_BOOT, one inline script with the same nonce, sets them back.
 * A document without Remix's module script (a visitor's read page) is unchanged.
 */
export function scriptsAfterLoad(html: string): string {
  const moduleScript = /<script([^>]*?) type="module" async=""([^>]*)>/.exec(html);
  const nonce = moduleScript && /\bnonce="([^"]*)"/.exec(moduleScript[0])?.[1];
  if (!moduleScript || nonce == null || !html.includes('</body>')) return html;
  const inert = html
    .replaceAll('<link rel="modulepreload"', `<link rel="${INERT_PRELOAD}"`)
    .replace(moduleScript[0], `<script${moduleScript[1]} type="${INERT_MODULE}"${moduleScript[2]}>`);
  const boot = `<script nonce="${nonce}">${AFTER_LOAD_BOOT}</script>`;
  const at = inert.lastIndexOf('</body>');
  return `${inert.slice(0, at)}${boot}${inert.slice(at)}`;
}

/**
 * A page sent without scripts (a visitor's read page, decision 016) has no router to find routes
 * for: the `data-discover` marks Remix writes on its links are dropped (about 1 KB on /members).
 * React escapes quotes in text, so the exact attribute can only be an attribute.
 */
export function withoutRouteDiscovery(html: string): string {
  return /<script[^>]* type="module"/.test(html) ? html : html.replaceAll(' data-discover="true"', '');
}

/** Every mend the server makes to a rendered document, in order. */
export const mendDocument = (html: string) => scriptsAfterLoad(withoutRouteDiscovery(inBody(html)));
