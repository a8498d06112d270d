// HSTS (RFC 6797) for a site served over https: browsers then never try it over plain http, so a
// network attacker cannot strip TLS from a member's next visit. Not includeSubDomains: the
// makerspace's other hosts under the same domain are not ours to force onto https.

/** The Strict-Transport-Security value for a PUBLIC_URL, or null when the site is not https. */
export function strictTransportSecurity(publicUrl: string | undefined): string | null {
  const value = publicUrl?.trim() ?? '';
  if (!URL.canParse(value) || new URL(value).protocol !== 'https:') return null;
  return 'max-age=31536000';
}
