// The admin's resource form (resource-form.tsx) loads after the page, with conform: the page is
// the form, and its own scripts put it at the JavaScript budget (docs/performance.md). The server
// renders it whole, so it is there and posts as HTML at once; its checks in the browser and the
// upload progress follow when the chunk arrives.
import { lazy, Suspense, type ComponentProps } from 'react';

const Form = lazy(() => import('./resource-form').then((module) => ({ default: module.ResourceForm })));

export function ResourceForm(props: ComponentProps<typeof Form>) {
  return (
    <Suspense fallback={<p className="muted">Loading the form…</p>}>
      <Form {...props} />
    </Suspense>
  );
}
