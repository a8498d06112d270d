import { Link, useNavigate } from '@remix-run/react';
import { useEffect, type ReactNode } from 'react';

/**
 * A success view that moves on to `to` after `seconds` (docs/product.md §4: 2 s after registering,
 * 3 s after a password reset): a timer with JavaScript, a meta refresh without, and a link either way.
 */
export function TimedRedirect({
  to,
  seconds,
  title,
  link,
  children,
}: {
  to: string;
  seconds: number;
  title: string;
  link: string;
  children: ReactNode;
}) {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => navigate(to), seconds * 1000);
    return () => clearTimeout(timer);
  }, [navigate, to, seconds]);
  return (
    <div role="status">
      <meta httpEquiv="refresh" content={`${seconds};url=${to}`} />
      <h1>{title}</h1>
      {children}
      <p>
        <Link to={to} className="button">
          {link}
        </Link>
      </p>
    </div>
  );
}
