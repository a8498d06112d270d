// 'Copy' for a long address (the private calendar feed on /bookings): a button that exists only once
// scripts run, since without them it could do nothing; the address stays selectable either way.
import { useEffect, useState } from 'react';

export function CopyButton({ text, label }: { text: string; label: string }) {
  const [ready, setReady] = useState(false);
  const [said, setSaid] = useState('');
  useEffect(() => setReady(Boolean(navigator.clipboard)), []);
  if (!ready) return null;
  return (
    <>
      <button
        type="button"
        className="button button-small button-secondary"
        onClick={() =>
          navigator.clipboard.writeText(text).then(
            () => setSaid('Copied.'),
            () => setSaid('Copying failed: select the address and copy it.'),
          )
        }
      >
        {label}
      </button>{' '}
      <span role="status" className="muted">
        {said}
      </span>
    </>
  );
}
