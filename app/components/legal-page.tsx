// The Terms and Privacy pages (docs/product.md §2): the lab's Markdown text, rendered as plain
// HTML. A text without a level-1 heading gets the page's own title as one.
import { Markdown } from '~/components/markdown';
import type { Block } from '~/lib/markdown';

export function LegalPage({
  title,
  blocks,
  fallbackTitle,
}: {
  title: string | null;
  blocks: Block[];
  fallbackTitle: string;
}) {
  return (
    <main id="main" className="page narrow-page">
      <article className="legal-text">
        {title ? null : <h1>{fallbackTitle}</h1>}
        <Markdown blocks={blocks} />
      </article>
    </main>
  );
}
