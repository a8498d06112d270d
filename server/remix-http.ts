// Express to Remix and back (what @remix-run/express does, whose public entry exports neither
// half), with one difference: a body is written only as fast as the client takes it. Remix's
// adapter never waits for `drain`, so a file was read from disk or S3 at full speed and held in
// the process until a slow (or stalled) client took it: eight clients that never read a 24 MB
// attachment pinned 120 MB. A client that leaves cancels the body, which closes the file.
import type express from 'express';
import { createReadableStreamFromReadable } from '@remix-run/node';

/** The web Request for an Express request; its signal aborts when the client leaves unanswered. */
export function remixRequest(req: express.Request, res: express.Response): Request {
  // req.hostname drops the port and respects `trust proxy`; the port comes from the host header.
  const port = (header: string) => {
    const value = Number.parseInt(req.get(header)?.split(':')[1] ?? '', 10);
    return Number.isSafeInteger(value) ? value : null;
  };
  const portNumber = port('X-Forwarded-Host') ?? port('Host');
  const url = new URL(
    `${req.protocol}://${req.hostname}${portNumber ? `:${portNumber}` : ''}${req.originalUrl}`,
  );
  const headers = new Headers();
  for (const [name, values] of Object.entries(req.headers)) {
    if (values === undefined) continue;
    for (const value of Array.isArray(values) ? values : [values]) headers.append(name, value);
  }
  const controller = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) controller.abort();
  });
  const init: RequestInit & { duplex?: 'half' } = { method: req.method, headers, signal: controller.signal };
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    init.body = createReadableStreamFromReadable(req);
    init.duplex = 'half';
  }
  return new Request(url.href, init);
}

/** Writes a web Response to Express, waiting for the client whenever the socket's buffer is full. */
export async function sendResponse(res: express.Response, response: Response): Promise<void> {
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers.entries()) res.append(name, value);
  if (!response.body) {
    res.end();
    return;
  }
  await writeBody(response.body, res as express.Response & { flush?: () => void });
}

async function writeBody(body: ReadableStream<Uint8Array>, res: express.Response & { flush?: () => void }) {
  const reader = body.getReader();
  let gone = false;
  let wake: (() => void) | null = null;
  const resume = () => {
    const waiting = wake;
    wake = null;
    waiting?.();
  };
  // Registered once: compression's res.on('drain') hands the listener to its zlib stream, and
  // res.off would not find it there.
  res.on('drain', resume);
  res.once('close', () => {
    gone = true;
    resume();
    // Cancelling the body destroys its source (a file stream, an S3 response).
    reader.cancel().catch(() => {});
  });
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done || gone) break;
      const more = res.write(value);
      // compression keeps what it has until flushed: a streamed document's first part goes now.
      res.flush?.();
      if (!more && !gone) await new Promise<void>((resolve) => (wake = resolve));
    }
    if (!gone) res.end();
  } catch (error) {
    if (gone) return;
    res.destroy(error as Error);
    throw error;
  }
}
