// The admin's resource form (resource-form.tsx) loads after the page: the page is the form, and its
// own scripts put it at the JavaScript budget (docs/performance.md).
import { lazyForm } from './lazy-form';

export const ResourceForm = lazyForm(() => import('./resource-form').then((module) => module.ResourceForm));
