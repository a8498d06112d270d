import { Form, Link, NavLink } from '@remix-run/react';
import { SITE_NAME } from '~/lib/site';

interface HeaderUser {
  username: string;
  fullname: string;
  admin: boolean;
  /** signs members off for an induction (/inductions) */
  inductor: boolean;
  /** decides booking requests (/approvals) */
  approver: boolean;
  /** the lab hands out credits (/credits) */
  credits: boolean;
}

const publicLinks = [
  { to: '/members', label: 'members' },
  { to: '/portfolio', label: 'portfolio' },
  // docs/product.md §10: the lab's machines and their calendars, for visitors too.
  { to: '/resources', label: 'book' },
  // docs/product.md §2: contact scrolls to the footer, going to / first when elsewhere.
  { to: '/#contact', label: 'contact' },
];

function NavLinks({ user }: { user: HeaderUser | null }) {
  const links = [
    ...publicLinks,
    ...(user?.admin ? [{ to: '/admin', label: 'admin' }] : []),
    ...(user?.inductor ? [{ to: '/inductions', label: 'inductions' }] : []),
    ...(user?.approver ? [{ to: '/approvals', label: 'approvals' }] : []),
    // docs/product.md §10: a member's own bookings, inductions and calendar feed.
    ...(user ? [{ to: '/bookings', label: 'bookings' }] : []),
    ...(user?.credits ? [{ to: '/credits', label: 'credits' }] : []),
    user ? { to: '/profile', label: 'profile' } : { to: '/login', label: 'join' },
  ];
  return (
    <ul className="nav-links">
      {links.map((link) => (
        <li key={link.to}>
          {link.to.includes('#') ? (
            <Link to={link.to}>{link.label}</Link>
          ) : (
            <NavLink to={link.to} className={link.label === 'join' ? 'nav-cta' : undefined} prefetch="intent">
              {link.label}
            </NavLink>
          )}
        </li>
      ))}
      {user ? (
        <li>
          {/* A POST form: logging out changes state, so it is never a link. */}
          <Form method="post" action="/logout">
            <button type="submit" className="nav-button">
              logout
            </button>
          </Form>
        </li>
      ) : null}
    </ul>
  );
}

/** Site header. Under 768 px the links fold into a <details> menu, which needs no JavaScript. */
export function Header({ user }: { user: HeaderUser | null }) {
  return (
    <header className="site-header">
      <div className="site-header-inner">
        <Link to="/" className="brand" aria-label={`${SITE_NAME} home`}>
          <svg className="brand-mark" viewBox="0 0 32 32" aria-hidden="true" width="32" height="32">
            <rect x="2" y="2" width="28" height="28" rx="7" fill="currentColor" />
            <path d="M9 22V10l7 7 7-7v12" fill="none" stroke="#fff" strokeWidth="3" strokeLinejoin="round" />
          </svg>
          <span>{SITE_NAME}</span>
        </Link>
        <nav className="nav-wide" aria-label="Main">
          <NavLinks user={user} />
        </nav>
        <details className="nav-narrow">
          <summary>
            <span className="visually-hidden">Menu</span>
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
              <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </summary>
          <nav aria-label="Main menu">
            <NavLinks user={user} />
          </nav>
        </details>
      </div>
    </header>
  );
}
