// The check-in QR code of a machine (docs/product.md §10 'Check-in'): the address of its
// /resources/{slug}/here page, as an SVG with the machine's name under the code, to print.
import { renderSVG } from 'uqr';
import { config } from '../config';
import { escapeHtml } from '~/lib/html';

export function checkInQr(resource: { slug: string; name: string }) {
  const url = new URL(`/resources/${resource.slug}/here`, config.PUBLIC_URL).toString();
  // Error correction M: a sticker on a machine gets scratched.
  const code = renderSVG(url, { ecc: 'M', border: 2, pixelSize: 10 });
  const size = Number(/viewBox="0 0 (\d+)/.exec(code)?.[1] ?? 0);
  const label = `Check in: ${resource.name}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size + 40}" role="img" aria-label="${escapeHtml(`${label} (${url})`)}">
<rect fill="white" width="${size}" height="${size + 40}"/>
${code.replace(/^<svg[^>]*>/, '<g>').replace(/<\/svg>\s*$/, '</g>')}
<text x="${size / 2}" y="${size + 26}" text-anchor="middle" font-family="system-ui, sans-serif" font-size="18">${escapeHtml(label)}</text>
</svg>`;
}
