import type { EntryContext, HandleDataRequestFunction } from '@remix-run/node';
import { RemixServer } from '@remix-run/react';
import { NonceProvider } from './components/nonce';
import { mendDocument } from './lib/html';
import { documentWantsScripts, renderDocument, renderWithoutScripts } from './.server/render-document';
import { applySecurityHeaders, createNonce } from './.server/security';

// For the production server in front of Remix (server/index.ts): the render cache's data version,
// and the housekeeping it starts once.
export { readDataVersion } from './.server/data-version';
export { startHousekeeping, stopHousekeeping } from './.server/housekeeping';

const ABORT_DELAY = 5_000;
export const streamTimeout = ABORT_DELAY;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
) {
  const nonce = createNonce();
  const page = (
    <NonceProvider value={nonce}>
      <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
    </NonceProvider>
  );
  const withoutScripts = documentWantsScripts(remixContext) ? null : renderWithoutScripts(page, remixContext);
  const html =
    withoutScripts ??
    (await renderDocument(page, {
      nonce,
      abortDelay: ABORT_DELAY,
      onError: () => (responseStatusCode = 500),
    }));
  responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
  applySecurityHeaders(responseHeaders, withoutScripts === null ? nonce : null);
  return new Response(mendDocument(html), { headers: responseHeaders, status: responseStatusCode });
}

export const handleDataRequest: HandleDataRequestFunction = (response) => {
  applySecurityHeaders(response.headers);
  return response;
};

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  console.error(error);
}
