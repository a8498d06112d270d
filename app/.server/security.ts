// Response headers every page carries (docs/architecture.md §6). The CSP allows scripts only with this
// request's nonce, so an injected <script> does not run; a page rendered without scripts (a
// visitor's read page) allows none, so it needs no nonce and the render cache sends it verbatim.
import crypto from 'node:crypto';
import type { AppLoadContext } from '@remix-run/node';
import type { TrustProxy } from '~/lib/trust-proxy';
import { config } from './config';

export const createNonce = () => crypto.randomBytes(16).toString('base64');

/** A CSP source that allows exactly this inline script, for documents without a per-request nonce. */
export const scriptHash = (source: string) =>
  `'sha256-${crypto.createHash('sha256').update(source).digest('base64')}'`;

/** The CSP of a page whose scripts carry `nonce`, or of a page without scripts (`null`). */
export function contentSecurityPolicy(nonce: string | null, dev = false) {
  return [
    "default-src 'self'",
    nonce === null ? "script-src 'none'" : `script-src 'self' 'nonce-${nonce}'${dev ? " 'unsafe-eval'" : ''}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "media-src 'self'",
    // blob:: Chromium checks connect-src when it gives up decoding a preview's object URL.
    `connect-src 'self' blob:${dev ? ' ws://localhost:*' : ''}`,
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** `nonce`: a document's (null for one without scripts); none for data, which needs no CSP. */
export function applySecurityHeaders(headers: Headers, nonce?: string | null) {
  if (nonce !== undefined)
    headers.set(
      'Content-Security-Policy',
      contentSecurityPolicy(nonce, process.env.NODE_ENV === 'development'),
    );
  headers.set('X-Content-Type-Options', 'nosniff');
  // A route may ask for a stricter policy (the reset page keeps its code out of referrers).
  if (!headers.has('Referrer-Policy')) headers.set('Referrer-Policy', 'strict-origin-when-cross-origin');
  headers.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), interest-cohort=()');
  headers.set('X-Frame-Options', 'DENY');
  headers.set('Cross-Origin-Opener-Policy', 'same-origin');
}

let warnedAboutLoopback = false;

/**
 * The client's address for per-address rate limits: the socket address, or the right
 * X-Forwarded-For hop when TRUST_PROXY proxies stand in front (server/index.ts works it out). A
 * loopback address gives null (unknown, rate-limit.ts then uses a shared bucket): it is a proxy on
 * this machine that TRUST_PROXY does not name, and keying on it would put every visitor in one
 * bucket as if each were one. Without TRUST_PROXY that is said once on the log, since it usually
 * means a local proxy that should be named (TRUST_PROXY=loopback).
 */
export function rateLimitAddress(
  context: AppLoadContext,
  trustProxy: TrustProxy = config.TRUST_PROXY,
): string | null {
  const address = context.clientAddress;
  if (!address) return null;
  if (!/^(127\.|::1$|::ffff:127\.)/.test(address)) return address;
  if (trustProxy === false && !warnedAboutLoopback) {
    warnedAboutLoopback = true;
    console.warn(
      'Requests come from a loopback address and TRUST_PROXY is not set, so clients cannot be told apart: sign-in, mail and invite-key limits count them all in one shared bucket, other per-address limits are off. Behind a proxy on this machine, set TRUST_PROXY=loopback.',
    );
  }
  return null;
}
