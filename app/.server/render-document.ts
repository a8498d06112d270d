import { PassThrough } from 'node:stream';
import type { ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';

/**
 * `element` rendered whole, as a string: no loader defers data, so streaming would gain nothing,
 * and the document can be mended before it is sent (entry.server.tsx). Remix's single fetch
 * writes the loader data through a component that suspends, so the render must be React's stream
 * (renderToString would leave that data out). A render still unfinished after `abortDelay` ms is
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
          resolve(Buffer.concat(chunks).toString('utf8'));
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
