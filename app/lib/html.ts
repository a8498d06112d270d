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
