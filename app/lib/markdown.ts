// The Markdown the lab writes its Terms and Privacy texts in (docs/decisions/022-legal-texts.md):
// headings, paragraphs, lists, emphasis, inline code and links, parsed into a small tree that React
// renders. Nothing in the source becomes markup: HTML in it is text (React escapes it), and a link
// keeps its address only when it is http(s), mailto or a path on this site.

export type Inline =
  | { type: 'text'; text: string }
  | { type: 'code'; text: string }
  | { type: 'em' | 'strong'; children: Inline[] }
  | { type: 'link'; href: string; children: Inline[] };

export type Block =
  | { type: 'heading'; level: 1 | 2 | 3 | 4 | 5 | 6; id: string; children: Inline[] }
  | { type: 'paragraph'; children: Inline[] }
  | { type: 'list'; ordered: boolean; items: Inline[][] };

export interface MarkdownOptions {
  /** `{{NAME}}` in text and link addresses is replaced by `values.NAME`; unknown names stay as typed. */
  values?: Record<string, string>;
}

const HEADING = /^(#{1,6})[ \t]+(.*?)[ \t]*#*[ \t]*$/;
const BULLET = /^[ \t]{0,3}[-*+][ \t]+(.*)$/;
const NUMBERED = /^[ \t]{0,3}\d{1,9}[.)][ \t]+(.*)$/;

export function parseMarkdown(source: string, options: MarkdownOptions = {}): Block[] {
  const values = options.values ?? {};
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  const blocks: Block[] = [];
  const ids = new Set<string>();
  let paragraph: string[] = [];
  let list: { ordered: boolean; items: string[][] } | null = null;

  const inline = (text: string) => parseInline(text, values);
  function flush() {
    if (paragraph.length) blocks.push({ type: 'paragraph', children: inline(paragraph.join(' ')) });
    paragraph = [];
    if (list) {
      blocks.push({
        type: 'list',
        ordered: list.ordered,
        items: list.items.map((item) => inline(item.join(' '))),
      });
    }
    list = null;
  }

  for (const raw of lines) {
    const line = raw.trim();
    if (!line) {
      flush();
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      flush();
      const children = inline(heading[2]);
      blocks.push({
        type: 'heading',
        level: heading[1].length as 1 | 2 | 3 | 4 | 5 | 6,
        id: uniqueId(plainText(children), ids),
        children,
      });
      continue;
    }
    const bullet = BULLET.exec(raw);
    const numbered = bullet ? null : NUMBERED.exec(raw);
    const item = bullet ?? numbered;
    if (item) {
      const ordered = Boolean(numbered);
      if (paragraph.length || (list && list.ordered !== ordered)) flush();
      list ??= { ordered, items: [] };
      list.items.push([item[1].trim()]);
      continue;
    }
    // A line that starts no block continues the list item or paragraph before it.
    if (list) list.items[list.items.length - 1].push(line);
    else paragraph.push(line);
  }
  flush();
  return blocks;
}

/** The text of inline content, without its markup. */
export function plainText(children: Inline[]): string {
  return children.map((child) => ('children' in child ? plainText(child.children) : child.text)).join('');
}

/** The first level-1 heading's text, if the document has one. */
export function documentTitle(blocks: Block[]): string | null {
  const heading = blocks.find((block) => block.type === 'heading' && block.level === 1);
  return heading?.type === 'heading' ? plainText(heading.children) : null;
}

function uniqueId(text: string, taken: Set<string>): string {
  const base =
    text
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'section';
  let id = base;
  for (let n = 2; taken.has(id); n += 1) id = `${base}-${n}`;
  taken.add(id);
  return id;
}

/**
 * A link's address, or null when it may not be one: http(s) and mailto, or a path on this site
 * (`/...` but not `//host`, `#...`, `?...`). Control characters and spaces are refused outright, so
 * a browser cannot be led to read the address differently from this check.
 */
export function safeHref(href: string): string | null {
  // Whitespace, C0 controls, DEL and backslashes, by code point (a regex may not name controls).
  const refused = (c: string) => c.codePointAt(0)! < 0x20 || c === '\x7f' || c === '\\' || /\s/.test(c);
  if (!href || [...href].some(refused)) return null;
  if (/^(https?:\/\/[^/?#]|mailto:[^/])/i.test(href)) return href;
  if (/^\/(?!\/)/.test(href) || /^[#?]/.test(href)) return href;
  return null;
}

const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{\{([A-Z_]+)\}\}/g, (whole, name: string) => values[name] ?? whole);

/** Deeper markup is text: a hostile file cannot make parsing recurse without end. */
const MAX_NESTING = 8;

/**
 * Inline markup: `code`, **strong**, *em* or _em_, [text](address), backslash escapes and
 * `{{NAME}}` values. Markup that is not closed is its own text.
 */
export function parseInline(text: string, values: Record<string, string> = {}, depth = 0): Inline[] {
  const out: Inline[] = [];
  let buffer = '';
  const pushText = (value: string) => {
    buffer += value;
  };
  const flushText = () => {
    if (buffer) {
      const last = out[out.length - 1];
      if (last?.type === 'text') last.text += buffer;
      else out.push({ type: 'text', text: buffer });
    }
    buffer = '';
  };
  const push = (node: Inline) => {
    flushText();
    out.push(node);
  };

  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === '\\' && i + 1 < text.length && /[\\`*_[\]()#+\-.!{}<>|~]/.test(text[i + 1])) {
      pushText(text[i + 1]);
      i += 2;
      continue;
    }
    if (c === '{' && text.startsWith('{{', i)) {
      const end = text.indexOf('}}', i + 2);
      if (end !== -1) {
        pushText(fill(text.slice(i, end + 2), values));
        i = end + 2;
        continue;
      }
    }
    if (c === '`') {
      const end = text.indexOf('`', i + 1);
      if (end > i + 1) {
        push({ type: 'code', text: text.slice(i + 1, end) });
        i = end + 1;
        continue;
      }
    }
    if (c === '*' || c === '_') {
      const strong = text[i + 1] === c;
      const marker = strong ? c + c : c;
      const start = i + marker.length;
      const end = closing(text, marker, start);
      // An opener is followed by text, not space; `snake_case` words keep their underscores.
      const wordInside = c === '_' && /\w/.test(text[i - 1] ?? '');
      if (end !== -1 && depth < MAX_NESTING && !/\s/.test(text[start] ?? ' ') && !wordInside) {
        const children = parseInline(text.slice(start, end), values, depth + 1);
        push({ type: strong ? 'strong' : 'em', children });
        i = end + marker.length;
        continue;
      }
      pushText(marker);
      i = start;
      continue;
    }
    if (c === '[') {
      const link = linkAt(text, i);
      if (link && depth < MAX_NESTING) {
        const children = parseInline(link.label, values, depth + 1);
        const href = safeHref(fill(link.href, values));
        if (href) push({ type: 'link', href, children });
        // Refused: the label stays, as the text it was.
        else {
          for (const child of children) {
            if (child.type === 'text') pushText(child.text);
            else push(child);
          }
        }
        i = link.end;
        continue;
      }
    }
    pushText(c);
    i += 1;
  }
  flushText();
  return out;
}

/** Where `marker` closes emphasis begun at `from`: not after a space, not escaped. */
function closing(text: string, marker: string, from: number): number {
  for (let at = text.indexOf(marker, from + 1); at !== -1; at = text.indexOf(marker, at + 1)) {
    if (text[at - 1] === '\\' || /\s/.test(text[at - 1])) continue;
    let run = 0;
    while (text[at + run] === marker[0]) run += 1;
    // A single marker does not close on a double one (`*a **b** c*`); a double one closes on the
    // last two of a longer run (`**a *b***`), leaving the inner emphasis its own marker.
    if (marker.length === 1 && run === 2) {
      at += 1;
      continue;
    }
    return marker.length === 2 ? at + run - 2 : at;
  }
  return -1;
}

/** `[label](href)` at `at`, with balanced brackets in the label; null when it is not one. */
function linkAt(text: string, at: number): { label: string; href: string; end: number } | null {
  let depth = 0;
  let close = -1;
  for (let j = at; j < text.length; j += 1) {
    if (text[j] === '\\') {
      j += 1;
      continue;
    }
    if (text[j] === '[') depth += 1;
    if (text[j] === ']' && --depth === 0) {
      close = j;
      break;
    }
  }
  if (close === -1 || text[close + 1] !== '(') return null;
  // The address ends at the parenthesis that balances its own (`(https://x/a_(b))`).
  let end = -1;
  for (let j = close + 2, open = 1; j < text.length; j += 1) {
    if (text[j] === '(') open += 1;
    if (text[j] === ')' && --open === 0) {
      end = j;
      break;
    }
  }
  if (end === -1) return null;
  return { label: text.slice(at + 1, close), href: text.slice(close + 2, end).trim(), end: end + 1 };
}
