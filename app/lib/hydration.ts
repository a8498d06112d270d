// Which pages load JavaScript (docs/decisions/016-no-scripts-for-visitors.md). A read page marks
// itself with READ_PAGE: every behaviour on it has a form that works without JavaScript, so a
// visitor who is not signed in gets the page with no scripts at all (nothing to download, parse or
// run on a cheap phone, and a page the render cache can keep). Signed-in members, and every page
// with a form, still get JavaScript.

export const READ_PAGE = { readPage: true } as const;

export function wantsScripts(handles: readonly unknown[], signedIn: boolean): boolean {
  return signedIn || !handles.some((handle) => (handle as Partial<typeof READ_PAGE> | undefined)?.readPage);
}
