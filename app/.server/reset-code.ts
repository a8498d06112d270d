// A reset or set-password code leaves the page's address as soon as the link is opened: the page
// keeps it in a sealed cookie and shows itself at the bare address, so the code is not in the
// browser's history, a Referer, or a log line (docs/architecture.md §6). The cookie's path is '/':
// the page's data requests go to /reset-password.data, which Path=/reset-password would not cover.
import { redirect } from '@remix-run/node';
import { sealedCookie } from './sealed-cookie';

const PAGE = '/reset-password';
// Long enough to fill in the form; the code itself may live longer (and the link opens it again).
const cookie = sealedCookie<string>('__reset', 60 * 60);

/** A redirect to the bare page that keeps the link's code, or null when the address holds none. */
export async function moveResetCodeToCookie(request: Request) {
  const code = new URL(request.url).searchParams.get('oobCode');
  if (code === null) return null;
  return redirect(PAGE, { status: 303, headers: { 'Set-Cookie': await cookie.write(code) } });
}

/** The code of this request: in the address (a form posted there before) or the cookie. */
export async function resetCode(request: Request): Promise<string | null> {
  return new URL(request.url).searchParams.get('oobCode') ?? (await cookie.read(request));
}

/** Forgets the kept code (it is used up). */
export const clearResetCode = () => cookie.clear();
