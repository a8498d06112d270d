// Session rules (docs/architecture.md §6): the cookie's name and when a session ends.
import { DAY_MS } from './time-units';

export const SESSION_DAYS = 30;

/**
 * `__Host-` under https: browsers then take the cookie only from this host over https, with
 * `Path=/` and no `Domain`, so a sibling subdomain or a plain-http answer cannot plant or
 * overwrite it. Over plain http (a laptop) the prefix would make browsers drop it.
 */
export const sessionCookieName = (publicUrl: string) =>
  publicUrl.startsWith('https:') ? '__Host-session' : '__session';

/**
 * A session ends when its rolling expiry passes (it was not used for SESSION_DAYS) or, however
 * often it is used, SESSION_DAYS after sign-in: the cookie's own Max-Age, kept by the server too,
 * so a copied cookie value does not live for ever.
 */
export function sessionEnded(session: { createdAt: string; expiresAt: string }, now = Date.now()) {
  const absoluteEnd = Date.parse(session.createdAt) + SESSION_DAYS * DAY_MS;
  return !(Date.parse(session.expiresAt) >= now && absoluteEnd >= now);
}
