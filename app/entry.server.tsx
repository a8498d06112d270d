import type { EntryContext, HandleDataRequestFunction } from '@remix-run/node';
import { RemixServer } from '@remix-run/react';
import { renderToString } from 'react-dom/server';
import { NonceProvider } from './components/nonce';
import { mendDocument } from './lib/html';
import { applySecurityHeaders, createNonce } from './.server/security';

// For the render cache in front of Remix (server/index.ts).
export { readDataVersion } from './.server/data-version';

/**
 * The document is rendered whole, as a string: no loader defers data and nothing suspends, so
 * streaming would gain nothing, and the document is mended before it is sent (mendDocument).
 * renderToString builds the string directly, where renderToPipeableStream encoded each piece into
 * bytes (a typed-array view per write, a third of a megabyte on a directory page) that were then
 * decoded back, and it needs no abort timer: a pending one held each finished render for 5 s.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
) {
  const nonce = createNonce();
  const html = renderToString(
    <NonceProvider value={nonce}>
      <RemixServer context={remixContext} url={request.url} nonce={nonce} />
    </NonceProvider>,
  );
  responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
  applySecurityHeaders(responseHeaders, nonce);
  // React writes the doctype only when it streams.
  return new Response(mendDocument(`<!DOCTYPE html>${html}`), {
    headers: responseHeaders,
    status: responseStatusCode,
  });
}

export const handleDataRequest: HandleDataRequestFunction = (response) => {
  applySecurityHeaders(response.headers);
  return response;
};

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  console.error(error);
}
