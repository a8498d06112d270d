import { PassThrough } from 'node:stream';
import type { ReactNode } from 'react';
import type { EntryContext } from '@remix-run/node';
import { renderToPipeableStream, renderToString } from 'react-dom/server';
import { wantsScripts } from '~/lib/hydration';

/**
 * `element` rendered whole, as a string: no loader defers data, so streaming would gain nothing,
 * and the document can be mended before it is sent (entry.server.tsx). Remix's single fetch
 * writes a page's loader data after its scripts through a component that suspends, so a document
 * with scripts must be rendered by React's stream (renderToString would leave that data out; one
 * without is rendered by renderWithoutScripts below). A render still unfinished after `abortDelay` ms is
 * aborted. The abort timer is cleared once the document is whole: while pending, it held the
 * whole render (the React tree, the loader data, the document), about 600 renders and 75 MB under
 * the bench's load.
 */
export function renderDocument(
  element: ReactNode,
  { nonce, abortDelay, onError }: { nonce?: string; abortDelay: number; onError: (error: unknown) => void },
): Promise<string> {
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const fail = (error: unknown) => {
      clearTimeout(abortTimer);
      reject(error);
    };
    const { pipe, abort } = renderToPipeableStream(element, {
      nonce,
      onShellReady() {
        shellRendered = true;
      },
      onAllReady() {
        const chunks: Buffer[] = [];
        const body = new PassThrough();
        body.on('data', (chunk: Buffer) => chunks.push(chunk));
        body.on('error', fail);
        body.on('end', () => {
          clearTimeout(abortTimer);
          // React 18's stream writes its whole 2048-byte buffer when a character of several bytes
          // does not fit at its end, unfilled bytes included: up to two U+0000 before it
          // ('8:00\0\0–22:00' in the footer of /forgot-password). No document may hold U+0000.
          resolve(Buffer.concat(chunks).toString('utf8').replaceAll('\u0000', ''));
        });
        pipe(body);
      },
      onShellError: fail,
      onError(error: unknown) {
        onError(error);
        // Before the shell, the error reaches Remix through onShellError, which logs it.
        if (shellRendered) console.error(error);
      },
    });
    // Set once the render has started: React calls the callbacks above later, never during the
    // call, so a render that fails to start leaves no timer behind.
    const abortTimer = setTimeout(() => abort(), abortDelay);
  });
}

/** Whether the document will carry Remix's scripts: the rule root.tsx renders them by. */
export function documentWantsScripts({ staticHandlerContext, routeModules }: EntryContext): boolean {
  const { matches, loaderData } = staticHandlerContext;
  const root = loaderData.root as { user?: unknown } | undefined;
  return wantsScripts(
    matches.map((match) => routeModules[match.route.id]?.handle),
    Boolean(root?.user),
  );
}

/**
 * A document without scripts (a visitor's read page), rendered by React's string renderer: it
 * builds the markup as strings, where the stream encodes each of its thousands of pieces into
 * bytes, a third of what a directory page allocated. Without scripts nothing suspends: Remix's
 * loader-data stream is written by its scripts only. `null` when the document rendered them after
 * all (the rule above mispredicted, say, for an error page): its loader data would be missing, so
 * the caller renders it again with renderDocument.
 */
export function renderWithoutScripts(element: ReactNode, context: EntryContext): string | null {
  const html = renderToString(element);
  return context.renderMeta?.didRenderScripts ? null : `<!DOCTYPE html>${html}`;
}
