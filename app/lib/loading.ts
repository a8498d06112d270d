// docs/product.md §2 loading texts, shown as pending UI while a client-side navigation waits for its data.
const loadingTexts: [RegExp, string][] = [
  [/^\/members\/?$/, 'Loading members...'],
  [/^\/members\/[^/]+\/?$/, 'Loading member profile...'],
  [/^\/posts\/edit\/[^/]+\/?$/, 'Loading post...'],
  [/^\/posts\/[^/]+\/[^/]+\/?$/, 'Loading post...'],
  [/^\/portfolio\/?$/, 'Loading portfolio...'],
  [/^\/portfolio\/[^/]+\/?$/, 'Loading project...'],
];

export function loadingText(pathname: string): string {
  return loadingTexts.find(([pattern]) => pattern.test(pathname))?.[1] ?? 'Loading...';
}
