import { Link } from '@remix-run/react';
import { useIsPending } from './pending';

/** The buttons of a confirmation step that deletes something: 'Cancel' goes back, the other submits. */
export function DeleteButtons({ cancelTo, label }: { cancelTo: string; label: string }) {
  const busy = useIsPending();
  return (
    <div className="button-row">
      <Link to={cancelTo} className="button button-secondary">
        Cancel
      </Link>
      <button type="submit" className="button button-danger" disabled={busy}>
        {busy ? 'Deleting...' : label}
      </button>
    </div>
  );
}
