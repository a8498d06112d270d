import { PassThrough } from 'node:stream';
import type { ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';

/**
 * `element` rendered whole, as a string: no loader defers data, so streaming would gain nothing,
 * and the document can be mended before it is sent (entry.server.tsx). A render still unfinished
 * after `abortDelay` ms is aborted. The abort timer is cleared once the document is whole: while
 * it is pending it holds the whole render (the React tree, the loader data, the document), which
 * under a crowd was 600 renders and 75 MB of memory.
 */
export function renderDocument(
  element: ReactNode,
  { nonce, abortDelay, onError }: { nonce?: string; abortDelay: number; onError: (error: unknown) => void },
): Promise<string> {
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const abortTimer = setTimeout(() => abort(), abortDelay);
    const { pipe, abort } = renderToPipeableStream(element, {
      nonce,
      onAllReady() {
        shellRendered = true;
        const chunks: Buffer[] = [];
        const body = new PassThrough();
        body.on('data', (chunk: Buffer) => chunks.push(chunk));
        body.on('end', () => {
          clearTimeout(abortTimer);
          resolve(Buffer.concat(chunks).toString('utf8'));
        });
        pipe(body);
      },
      onShellError(error: unknown) {
        clearTimeout(abortTimer);
        reject(error);
      },
      onError(error: unknown) {
        onError(error);
        if (shellRendered) console.error(error);
      },
    });
  });
}
