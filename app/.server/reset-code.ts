// A reset or set-password code leaves the page's address as soon as the link is opened: the page
// keeps it in a sealed cookie and shows itself at the bare address, so the code is not in the
// browser's history, a Referer, or a log line (docs/architecture.md §6). The cookie's path is '/':
// the page's data requests go to /reset-password.data, which Path=/reset-password would not cover.
import { redirect } from '@remix-run/node';
import { sealedCookie, sealer } from './sealed-cookie';

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

// After a reset the page answers with a redirect to its success view, so no loader after it sees
// the used code (a form posted to the link's own address would otherwise show 'Invalid or Expired
// Link'), and a reload does not post again. The e-mail (the sign-in form is filled with it) goes
// sealed, so the address does not show it; a reload shows the view for ten minutes.
const done = sealer<string>('reset-done', 10 * 60);

/** The success view of a reset for `email`; the used code is forgotten. */
export async function resetDone(email: string) {
  return redirect(`${PAGE}?${new URLSearchParams({ done: done.seal(email) })}`, {
    status: 303,
    headers: { 'Set-Cookie': await cookie.clear() },
  });
}

/** The e-mail of a reset that just succeeded, when this is its success view. */
export function resetDoneEmail(request: Request): string | null {
  const sealed = new URL(request.url).searchParams.get('done');
  return sealed ? done.open(sealed) : null;
}
