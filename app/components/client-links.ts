import { useNavigate } from '@remix-run/react';
import { useEffect, useRef } from 'react';

/**
 * Client-side navigation for the plain links inside one element, from one listener: what <Link>
 * does on a click, without a <Link> per link. A directory page holds about 170 links, and <Link>
 * costs each one router hooks on every server render (docs/performance.md, "Pages whose cost does
 * not grow"). The links stay ordinary <a href>, so they work the same before JavaScript loads.
 */
export function useClientLinks<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const navigate = useNavigate();
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const onClick = (event: MouseEvent) => {
      // The cases the browser should handle itself, as <Link> leaves them (new tab, download...).
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
      const anchor = (event.target as Element).closest('a');
      if (!anchor || !element.contains(anchor) || anchor.target || anchor.hasAttribute('download')) return;
      if (anchor.origin !== window.location.origin) return;
      event.preventDefault();
      navigate(anchor.pathname + anchor.search + anchor.hash);
    };
    element.addEventListener('click', onClick);
    return () => element.removeEventListener('click', onClick);
  }, [navigate]);
  return ref;
}
