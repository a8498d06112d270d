// A page's text as a browser without CSS shows it (w3m, lynx, a screen reader's browse mode reading
// line by line): block elements start a line, inline ones run on with only the whitespace the HTML
// itself has. Two links with nothing between them read as one word ('Previous weekNext week').
const BLOCK =
  /<\/?(?:address|article|aside|blockquote|br|dd|details|div|dl|dt|fieldset|figcaption|figure|footer|form|h[1-6]|header|hr|legend|li|main|nav|ol|p|pre|section|summary|table|td|th|tr|ul)\b[^>]*>/gi;

/** The lines of `html`'s text without CSS, each with its spaces collapsed, empty lines left out. */
export function textWithoutCss(html: string): string[] {
  return html
    .replace(/<(script|style|template)\b[^>]*>[\s\S]*?<\/\1>/gi, '')
    .replace(BLOCK, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;|&#160;/g, ' ')
    .replace(/&amp;|&#38;/g, '&')
    .replace(/&lt;|&#60;/g, '<')
    .replace(/&gt;|&#62;/g, '>')
    .replace(/&quot;|&#34;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
}
