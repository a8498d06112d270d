// /terms — the terms of use (docs/product.md §2): DATA_DIR/legal/terms.md, else the shipped
// app/content/legal/terms.md (docs/decisions/022-legal-texts.md).
import type { MetaFunction } from '@remix-run/node';

import { useLoaderData } from '@remix-run/react';
import { legalText, LEGAL_PAGE_CACHE } from '~/.server';
import { LegalPage } from '~/components/legal-page';
import { READ_PAGE } from '~/lib/hydration';
import { pageMeta } from '~/lib/meta';

const TITLE = 'Terms of use';

export const meta: MetaFunction<typeof loader> = (args) =>
  pageMeta(args, {
    title: args.data?.title ?? TITLE,
    description:
      'The terms of membership of the Dublin Makerspace community site: joining, what you post, what the lab may do, and leaving.',
    keywords: ['terms', 'membership'],
  });

export const handle = READ_PAGE;
export const headers = () => LEGAL_PAGE_CACHE;

export const loader = () => legalText('terms');

export default function Terms() {
  const { title, blocks } = useLoaderData<typeof loader>();
  return <LegalPage title={title} blocks={blocks} fallbackTitle={TITLE} />;
}
