import { useNavigation } from '@remix-run/react';
import { loadingText } from '~/lib/loading';

/** True while a form of this page is being submitted: busy texts ('Creating...'), disabled buttons. */
export function useIsPending() {
  return useNavigation().state === 'submitting';
}

/** Shows the product's loading text while the next page's data is on its way (client navigation only). */
export function PendingNavigation() {
  const navigation = useNavigation();
  const pending =
    navigation.state === 'loading' && navigation.formMethod === undefined ? navigation.location : null;
  return (
    <div className="pending" role="status" aria-live="polite" data-active={pending ? 'true' : undefined}>
      {pending ? (
        <>
          <span className="spinner" aria-hidden="true" />
          {loadingText(pending.pathname)}
        </>
      ) : null}
    </div>
  );
}
