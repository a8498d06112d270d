import { useEffect, useState, type ReactNode } from 'react';

/** docs/product.md §9: the project's sticky header appears after 50 px of scroll. */
export const STICKY_AFTER_PX = 50;

/**
 * CSS scroll-driven animation shows the bar without JavaScript (app.css, .sticky-bar); browsers
 * without scroll timelines get this listener instead.
 */
export function StickyBar({ children }: { children: ReactNode }) {
  const [visible, setVisible] = useState(false);
  const [needsListener, setNeedsListener] = useState(false);
  useEffect(() => {
    if (CSS.supports('animation-timeline: scroll()')) return;
    setNeedsListener(true);
    const update = () => setVisible(window.scrollY > STICKY_AFTER_PX);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, []);
  const state = needsListener ? (visible ? 'shown' : 'hidden') : undefined;
  return (
    <div className="sticky-bar" data-state={state}>
      <div className="sticky-bar-inner">{children}</div>
    </div>
  );
}
