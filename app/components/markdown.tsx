// Renders the tree app/lib/markdown.ts parses. Every text goes through React, which escapes it, and
// every address was checked by safeHref: no HTML the source holds reaches the page as markup.
import { createElement, type ReactNode } from 'react';
import type { Block, Inline } from '~/lib/markdown';

export function Markdown({ blocks }: { blocks: Block[] }) {
  return <>{blocks.map((block, index) => renderBlock(block, index))}</>;
}

function renderBlock(block: Block, key: number): ReactNode {
  switch (block.type) {
    case 'heading':
      return createElement(`h${block.level}`, { key, id: block.id }, renderInline(block.children));
    case 'paragraph':
      return <p key={key}>{renderInline(block.children)}</p>;
    case 'list': {
      const items = block.items.map((item, index) => <li key={index}>{renderInline(item)}</li>);
      return block.ordered ? <ol key={key}>{items}</ol> : <ul key={key}>{items}</ul>;
    }
  }
}

function renderInline(children: Inline[]): ReactNode[] {
  return children.map((child, key) => {
    switch (child.type) {
      case 'text':
        return child.text;
      case 'code':
        return <code key={key}>{child.text}</code>;
      case 'em':
        return <em key={key}>{renderInline(child.children)}</em>;
      case 'strong':
        return <strong key={key}>{renderInline(child.children)}</strong>;
      case 'link':
        // A plain link even to this site: the texts may point at resource routes (/profile/data.zip).
        return (
          <a key={key} href={child.href}>
            {renderInline(child.children)}
          </a>
        );
    }
  });
}
