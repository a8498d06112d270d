// /admin — the admin area's frame (docs/product.md §2): its sections as tabs. Admins only; anyone
// else gets the 404 page from every /admin URL (each child loader and action checks too: Remix runs
// loaders in parallel, and an action only in its own route).
import type { LoaderFunctionArgs } from '@remix-run/node';

import { NavLink, Outlet } from '@remix-run/react';
import { requireAdmin, SECRET_PAGE_CACHE } from '~/.server';

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return null;
}

/**
 * Every admin page shows members' data: kept by no cache, not even the browser's disk. Remix gives a
 * child route without a `headers` export its parent's, so this covers each /admin page, whoever
 * adds one next (docs/architecture.md §7).
 */
export const headers = () => SECRET_PAGE_CACHE;

const SECTIONS = [
  { to: '/admin/invites', label: 'Invites' },
  { to: '/admin/members', label: 'Members' },
  { to: '/admin/projects', label: 'Projects' },
  { to: '/admin/resources', label: 'Resources' },
  { to: '/admin/bookings', label: 'Bookings' },
  { to: '/admin/inductions', label: 'Inductions' },
  { to: '/admin/strikes', label: 'Strikes' },
  { to: '/admin/credits', label: 'Credits' },
  { to: '/admin/usage', label: 'Usage' },
  { to: '/admin/jobs', label: 'Jobs' },
  { to: '/admin/log', label: 'Audit log' },
];

export default function AdminLayout() {
  return (
    <main id="main" className="page admin-page">
      <nav className="admin-nav" aria-label="Admin">
        <ul>
          {SECTIONS.map((section) => (
            <li key={section.to}>
              <NavLink to={section.to}>{section.label}</NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Outlet />
    </main>
  );
}
