// The check-in QR code of a machine (docs/product.md §10 'Check-in'): the address of its
// /resources/{slug}/here page, as an SVG to print, with the machine's name and the address itself
// under the code (for a phone that cannot scan it).
import { renderSVG } from 'uqr';
import { config } from '../../config';
import { escapeHtml } from '~/lib/html';

/** The light margin scanners need around the code: 4 modules (ISO/IEC 18004). */
const QUIET_MODULES = 4;
const MODULE = 10;
const NAME_SIZE = 18;
const ADDRESS_SIZE = 16;
/** A monospace character's advance, as a share of its size: enough room for the address. */
const MONO_ADVANCE = 0.6;
const MARGIN = 20;

export function checkInQr(resource: { slug: string; name: string }) {
  const url = new URL(`/resources/${resource.slug}/here`, config.PUBLIC_URL).toString();
  // Error correction M: a sticker on a machine gets scratched.
  const code = renderSVG(url, { ecc: 'M', border: QUIET_MODULES, pixelSize: MODULE });
  const size = Number(/viewBox="0 0 (\d+)/.exec(code)?.[1] ?? 0);
  // The address on one line, as wide as it needs: the drawing widens, the code stays centred.
  const width = Math.max(size, Math.ceil(url.length * ADDRESS_SIZE * MONO_ADVANCE) + 2 * MARGIN);
  const height = size + 72;
  const label = `Check in: ${resource.name}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeHtml(`${label} (${url})`)}">
<rect fill="white" width="${width}" height="${height}"/>
<g transform="translate(${(width - size) / 2} 0)">${code.replace(/^<svg[^>]*>/, '').replace(/<\/svg>\s*$/, '')}</g>
<text x="${width / 2}" y="${size + 18}" text-anchor="middle" font-family="system-ui, sans-serif" font-size="${NAME_SIZE}">${escapeHtml(label)}</text>
<text x="${width / 2}" y="${size + 50}" text-anchor="middle" font-family="ui-monospace, Menlo, Consolas, monospace" font-size="${ADDRESS_SIZE}">${escapeHtml(url)}</text>
</svg>`;
}
