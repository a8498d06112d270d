// TRUST_PROXY: which reverse proxies' X-Forwarded-For the server believes, in a form Express's
// `trust proxy` takes (docs/architecture.md §1). Read by config.ts, which refuses a bad value at
// start-up, and by server/index.ts.

/** false: none; a number: that many hops; a list: proxies by address, network or Express's names. */
export type TrustProxy = false | number | string[];

const NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const MAX_HOPS = 10;

const isIPv4 = (text: string) =>
  /^\d{1,3}(\.\d{1,3}){3}$/.test(text) && text.split('.').every((part) => Number(part) <= 255);
const isIPv6 = (text: string) => text.includes(':') && URL.canParse(`http://[${text}]/`);

/** An address, `address/prefix` or `IPv4/netmask`, or one of Express's names; a reason if not. */
function problem(entry: string): string | null {
  if (NAMES.has(entry)) return null;
  const [address, mask, ...rest] = entry.split('/');
  const v4 = isIPv4(address);
  if (rest.length || !(v4 || isIPv6(address))) return `${entry} is not an address or network`;
  if (mask === undefined) return null;
  if (v4 && isIPv4(mask)) return null;
  const bits = /^\d{1,3}$/.test(mask) ? Number(mask) : NaN;
  if (!(bits <= (v4 ? 32 : 128))) return `${entry} has no valid prefix length`;
  // A network of every address would believe any client's claim about itself.
  if (bits === 0) return `${entry} would trust every address`;
  return null;
}

/**
 * TRUST_PROXY as Express's `trust proxy`: unset or 0 trusts nobody; 1 to 10 trusts that many
 * hops (only safe when nothing but the proxies can reach the server); otherwise a comma list of
 * the proxies' addresses or networks (`10.0.0.0/8`, `fd00::/8`) or `loopback`, `linklocal`,
 * `uniquelocal`. Throws one line starting `TRUST_PROXY` for anything else.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = value?.trim() ?? '';
  if (text === '' || text === '0') return false;
  if (/^\d+$/.test(text)) {
    if (Number(text) > MAX_HOPS) throw new Error(`TRUST_PROXY must be a hop count from 0 to ${MAX_HOPS}`);
    return Number(text);
  }
  const entries = text.split(',').map((entry) => entry.trim());
  for (const entry of entries) {
    const reason = entry ? problem(entry) : 'an entry is empty';
    if (reason)
      throw new Error(
        `TRUST_PROXY must be a hop count (0-${MAX_HOPS}) or a comma list of proxy addresses, networks (10.0.0.0/8) or loopback, linklocal, uniquelocal: ${reason}`,
      );
  }
  return entries;
}
