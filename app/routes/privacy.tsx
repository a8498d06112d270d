// /privacy — the privacy notice (docs/product.md §2): DATA_DIR/legal/privacy.md, else the shipped
// app/content/legal/privacy.md (docs/decisions/022-legal-texts.md).
import type { MetaFunction } from '@remix-run/node';

import { useLoaderData } from '@remix-run/react';
import { legalText, LEGAL_PAGE_CACHE } from '~/.server';
import { LegalPage } from '~/components/legal-page';
import { READ_PAGE } from '~/lib/hydration';
import { pageMeta } from '~/lib/meta';

const TITLE = 'Privacy notice';

export const meta: MetaFunction<typeof loader> = (args) =>
  pageMeta(args, {
    title: args.data?.title ?? TITLE,
    description:
      'What the Dublin Makerspace site keeps about its members, why, for how long, who sees it, and how to use your rights under the GDPR.',
    keywords: ['privacy', 'GDPR'],
  });

export const handle = READ_PAGE;
export const headers = () => LEGAL_PAGE_CACHE;

export const loader = () => legalText('privacy');

export default function Privacy() {
  const { title, blocks } = useLoaderData<typeof loader>();
  return <LegalPage title={title} blocks={blocks} fallbackTitle={TITLE} />;
}
