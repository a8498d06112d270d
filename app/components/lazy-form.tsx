// A form that loads after its page, with conform (11 KB gzip), so the page stays under the
// JavaScript budget (docs/performance.md). The server renders the form whole, so it is there and
// posts as HTML at once: hydration keeps the server's markup until the chunk arrives, then its
// checks in the browser follow. On a client navigation 'Loading the form…' shows until then;
// `preload` (on pointing at, or focusing, what shows the form) starts it earlier.
import { lazy, Suspense, type ComponentType } from 'react';

export function lazyForm<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  // As the component it stands for: lazy()'s own type loses the props of a generic component.
  const Form = lazy(() =>
    load().then((component) => ({ default: component })),
  ) as unknown as ComponentType<Props>;
  function LazyForm(props: Props) {
    return (
      <Suspense fallback={<p className="muted">Loading the form…</p>}>
        <Form {...props} />
      </Suspense>
    );
  }
  return Object.assign(LazyForm, { preload: load });
}
