// The production server (docs/decisions/007-express-server.md): Express in front of the Remix
// build. It refuses cross-site writes before Remix runs, gives actions the client's address, serves
// static files with long cache lifetimes, and shuts down gracefully. Built by `npm run build` into
// build/server.js, beside the Remix server build it loads; started by `npm start`.
import fs from 'node:fs';
import http, { type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import net from 'node:net';
import { broadcastDevReady, createRequestHandler, installGlobals, type ServerBuild } from '@remix-run/node';
import compression from 'compression';
import express from 'express';
import { parseTrustProxy } from '../app/lib/trust-proxy';
import { accessLog } from './access-log';
import { CROSS_SITE_MESSAGE, isCrossSite } from './cross-site';
import { strictTransportSecurity } from './hsts';
import { remixRequest, sendResponse } from './remix-http';
import { renderCache } from './render-cache';
import { precompressed, publicFiles } from './static-files';

installGlobals({ nativeFetch: true });

const dev = process.env.NODE_ENV === 'development';
const buildUrl = new URL('./index.js', import.meta.url);
const importBuild = (): Promise<ServerBuild> => import(`${buildUrl.href}?t=${fs.statSync(buildUrl).mtimeMs}`);

/** Remix behind the render cache; the build's entry module also exports how to read the data version. */
function handlerFor(build: ServerBuild) {
  const remix = createRequestHandler(build, build.mode);
  const { readDataVersion } = build.entry.module as unknown as { readDataVersion: () => Promise<string> };
  const pages = renderCache({ readVersion: readDataVersion, buildVersion: build.assets.version });
  const handler: express.RequestHandler & { pages: typeof pages } = async (req, res, next) => {
    const arrivedAt = new Date();
    try {
      const request = remixRequest(req, res);
      const response = await pages.respond(request, () =>
        remix(request, { clientAddress: req.ip ?? null, arrivedAt }),
      );
      await sendResponse(res, response);
    } catch (error) {
      next(error);
    }
  };
  handler.pages = pages;
  return handler;
}

let build = await importBuild();
let handleRequest = handlerFor(build);
const housekeeping = build.entry.module as unknown as {
  startHousekeeping: () => void;
  stopHousekeeping: () => Promise<void>;
};
housekeeping.startHousekeeping();
if (dev) {
  // `npm run dev`: `remix dev` rebuilds and touches version.txt; load the new build, then say so.
  fs.watch(new URL('./version.txt', buildUrl), async () => {
    build = await importBuild();
    handleRequest = handlerFor(build);
    await broadcastDevReady(build);
  });
}

const app = express();
app.disable('x-powered-by');
// TRUST_PROXY proxies in front (a hop count, or their addresses): req.ip is then the address the
// nearest trusted proxy saw. config.ts has refused a bad value already, when the build loaded.
app.set('trust proxy', parseTrustProxy(process.env.TRUST_PROXY));
app.use(compression());
app.use(precompressed('public'));
app.use(build.publicPath, express.static(build.assetsBuildDirectory, { immutable: true, maxAge: '1y' }));
app.use(publicFiles('public', { maxAge: '1h', skip: [build.publicPath.replace(/\/$/, '')] }));
app.use((req, res, next) => {
  // /api takes bearer tokens, never the session cookie, so another site's request carries no
  // authority there (and API_CORS_ORIGINS decides which sites' pages may read the answers).
  if (new URL(req.originalUrl, 'http://x').pathname.startsWith('/api/') || !isCrossSite(req)) return next();
  // Refused before Remix, which would otherwise answer a foreign Origin with an empty 500.
  req.resume();
  res
    .status(403)
    .set({ Connection: 'close', 'X-Content-Type-Options': 'nosniff' })
    .type('text/plain')
    .send(CROSS_SITE_MESSAGE);
});
app.all('*', (req, res, next) => handleRequest(req, res, next));

// In front of Express: the access log, the headers every answer carries, and a visitor's page kept
// by the render cache, sent from it before any middleware runs (it costs what sending bytes does).
// Once asked to stop, every answer not yet begun ends its connection, so a proxy stops reusing it.
let stopping = false;
const unanswered = new Set<ServerResponse>();
// Paths without the values of their query (reset codes, invite keys, e-mail addresses).
const log = accessLog();
const hsts = strictTransportSecurity(process.env.PUBLIC_URL);

function front(req: IncomingMessage, res: ServerResponse) {
  log(req, res);
  if (stopping) res.setHeader('Connection', 'close');
  else {
    unanswered.add(res);
    res.once('close', () => unanswered.delete(res));
  }
  if (hsts) res.setHeader('Strict-Transport-Security', hsts);
  const served = handleRequest.pages.serve(req, res);
  if (served === true) return;
  if (served === false) return void app(req, res);
  void served.then((done) => done || app(req, res));
}

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST;
const server: Server = http.createServer(front);
if (host) server.listen(port, host, listening);
else server.listen(port, listening);

function listening() {
  console.log(`Serving on http://${host ?? 'localhost'}:${port}`);
  if (dev) void broadcastDevReady(build);
}

// Idle keep-alive connections are closed by the proxy (deploy/nginx: 10 s) before we would close
// them (15 s): a proxy never sends a request into a connection we are closing.
server.keepAliveTimeout = 15_000;
// A request's headers must arrive within 20 s, and the whole request (a 25 MB upload at about
// 1 Mbit/s included) within 5 minutes; a connection on which nothing moves either way for 60 s
// (a client that stopped reading its answer) is closed, and with it the file it was sent.
server.headersTimeout = 20_000;
server.requestTimeout = 300_000;
server.timeout = 60_000;

// On SIGTERM: stop taking connections and claiming jobs, finish the requests and the job in
// flight, then exit (at most 25 s).
// net.Server's close, not http.Server's, which would also drop idle keep-alive connections that a
// proxy may be writing a request into right now (a POST it could not retry). Instead each one ends
// after its next answer, or when the proxy lets it go.
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    stopping = true;
    for (const res of unanswered) if (!res.headersSent) res.setHeader('Connection', 'close');
    const worker = housekeeping.stopHousekeeping();
    net.Server.prototype.close.call(server, () => void worker.finally(() => process.exit(0)));
    // Still not done: exit anyway, and say so (a graceful stop exits 0).
    setTimeout(() => process.exit(1), 25_000).unref();
  });
}
