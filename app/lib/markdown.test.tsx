// The legal texts' Markdown (docs/decisions/022-legal-texts.md): what it supports, and that what a
// hostile or careless file holds never becomes markup or a script address.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, test } from 'vitest';
import { Markdown } from '~/components/markdown';
import { documentTitle, parseInline, parseMarkdown, safeHref } from './markdown';

const html = (source: string, values?: Record<string, string>) =>
  renderToStaticMarkup(<Markdown blocks={parseMarkdown(source, { values })} />);

describe('blocks', () => {
  test('headings, paragraphs and lists', () => {
    const source = [
      '# Privacy notice',
      '',
      'We keep what you give us',
      'and no more.',
      '',
      '## What we keep',
      '- your *profile*',
      '- your posts, which',
      '  continue here',
      '',
      '1. first',
      '2) second',
    ].join('\n');
    expect(html(source)).toBe(
      '<h1 id="privacy-notice">Privacy notice</h1>' +
        '<p>We keep what you give us and no more.</p>' +
        '<h2 id="what-we-keep">What we keep</h2>' +
        '<ul><li>your <em>profile</em></li><li>your posts, which continue here</li></ul>' +
        '<ol><li>first</li><li>second</li></ol>',
    );
  });

  test('a list after a paragraph line starts its own block; a bullet kind change starts a new list', () => {
    expect(html('Intro:\n- one\n* two\n3. three')).toBe(
      '<p>Intro:</p><ul><li>one</li><li>two</li></ul><ol><li>three</li></ol>',
    );
  });

  test('heading ids are unique and readable; closing hashes and CRLF line ends are dropped', () => {
    const blocks = parseMarkdown('## Your rights ##\r\n## Your rights\r\n### Árbhar & co.\r\n## !!!');
    expect(blocks.map((block) => (block.type === 'heading' ? block.id : ''))).toEqual([
      'your-rights',
      'your-rights-2',
      'arbhar-co',
      'section',
    ]);
  });

  test('the title is the first level-1 heading', () => {
    expect(documentTitle(parseMarkdown('Intro\n\n# Terms of use\n\n# Other'))).toBe('Terms of use');
    expect(documentTitle(parseMarkdown('## Only a section'))).toBeNull();
  });

  test('seven hashes or no space after them is a paragraph', () => {
    expect(html('####### deep\n\n#tag')).toBe('<p>####### deep</p><p>#tag</p>');
  });

  test('empty input renders nothing', () => {
    expect(html('')).toBe('');
    expect(html('\n\n  \n')).toBe('');
  });
});

describe('inline', () => {
  test('strong, em, code and links nest', () => {
    expect(html('**Bold *and em*** `a*b*c` [the **lab**](https://lab.example/x?y=1&z=2)')).toBe(
      '<p><strong>Bold <em>and em</em></strong> <code>a*b*c</code> ' +
        '<a href="https://lab.example/x?y=1&amp;z=2">the <strong>lab</strong></a></p>',
    );
  });

  test('underscores inside words and escaped markers stay text', () => {
    expect(html('snake_case_name and \\*not em\\* and _em_')).toBe(
      '<p>snake_case_name and *not em* and <em>em</em></p>',
    );
  });

  test('unclosed markup is its own text', () => {
    expect(html('**never closed, *nor this, `nor this, [nor this](/x and [x]')).toBe(
      '<p>**never closed, *nor this, `nor this, [nor this](/x and [x]</p>',
    );
    expect(html('a * b * c')).toBe('<p>a * b * c</p>');
  });

  test('{{NAME}} values fill text and addresses, as text even when they hold markup characters', () => {
    const values = { CONTACT_EMAIL: 'data_protection@lab.example' };
    expect(html('Write to [{{CONTACT_EMAIL}}](mailto:{{CONTACT_EMAIL}}) or {{UNKNOWN}}.', values)).toBe(
      '<p>Write to <a href="mailto:data_protection@lab.example">data_protection@lab.example</a> or {{UNKNOWN}}.</p>',
    );
    expect(parseInline('{{CONTACT_EMAIL}}', { CONTACT_EMAIL: '<b>x</b>' })).toEqual([
      { type: 'text', text: '<b>x</b>' },
    ]);
  });
});

describe('hostile input', () => {
  test('HTML is text, never markup', () => {
    const out = html(
      '<script>alert(1)</script>\n\n<img src=x onerror=alert(1)> **<b>bold</b>**\n\n- <a href="javascript:alert(1)">x</a>',
    );
    expect(out).toBe(
      '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>' +
        '<p>&lt;img src=x onerror=alert(1)&gt; <strong>&lt;b&gt;bold&lt;/b&gt;</strong></p>' +
        '<ul><li>&lt;a href=&quot;javascript:alert(1)&quot;&gt;x&lt;/a&gt;</li></ul>',
    );
    expect(out).not.toMatch(/<(script|img|b|a )/);
  });

  test('script, data and other addresses lose their link but keep their text', () => {
    for (const href of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'java\tscript:alert(1)',
      'https://lab.example/a\u0001b',
      'https://lab.example/a\u007fb',
      ' javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:x',
      '//evil.example/',
      '/\\evil.example/',
      'https:evil.example',
      'file:///etc/passwd',
      'relative/path',
    ]) {
      expect(html(`see [click](${href}) here`), href).toBe('<p>see click here</p>');
    }
  });

  test('heading and attribute text cannot break out of the id or href', () => {
    const out = html('## "><script>x</script>\n\n[a](https://lab.example/"onmouseover="x)');
    expect(out).toBe(
      '<h2 id="script-x-script">&quot;&gt;&lt;script&gt;x&lt;/script&gt;</h2>' +
        '<p><a href="https://lab.example/&quot;onmouseover=&quot;x">a</a></p>',
    );
  });

  // How long they take is a ratio `npm run bench` measures (scripts/bench-markdown.ts): a time
  // bound here failed by the load of a shared 2-core machine, not by the code.
  test('deeply nested or long input renders, nested no deeper than 8', () => {
    const marks = html('*'.repeat(5000) + 'x' + '['.repeat(5000) + '_'.repeat(5000));
    // 8 levels of bold before the x and 8 after it; the rest stays text.
    expect(marks.match(/<strong>/g)).toHaveLength(16);
    const lines = html(`${'**a '.repeat(3000)}\n${'- '.repeat(3000)}`);
    expect(lines.match(/<[a-z]+/g)).toEqual(['<p', '<ul', '<li']);
  });
});

describe('safeHref', () => {
  test('http(s), mailto and paths on this site are kept', () => {
    for (const href of [
      'https://lab.example',
      'http://lab.example/a',
      'HTTPS://LAB.EXAMPLE',
      'mailto:hello@lab.example',
      '/profile',
      '/profile/data.zip',
      '#your-rights',
      '?q=1',
    ]) {
      expect(safeHref(href), href).toBe(href);
    }
  });
});
