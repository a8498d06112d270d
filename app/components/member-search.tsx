import { Form, useNavigation, useSubmit } from '@remix-run/react';
import { useEffect, useRef } from 'react';
import { MAX_QUERY } from '~/lib/search';

const TYPING_PAUSE_MS = 300;

/**
 * The directory's search: a plain GET form (`/members?q=`). Where scripts run, a pause in typing
 * submits it, replacing the history entry so Back leaves the directory rather than stepping
 * through every letter. Enter or 'Search' cancels a pause's pending search, and sends nothing while
 * the same search is on its way: one search interrupting another leaves the router an aborted
 * navigation that nothing catches (an error on the page, seen on a slow machine).
 */
export function MemberSearch({ query }: { query: string }) {
  const submit = useSubmit();
  const navigation = useNavigation();
  const input = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  // Back and Forward change the query under the field: show it, unless someone is typing there.
  useEffect(() => {
    if (input.current && document.activeElement !== input.current) input.current.value = query;
  }, [query]);
  useEffect(() => () => clearTimeout(timer.current), []);
  return (
    <Form
      method="get"
      role="search"
      className="member-search"
      onSubmit={(event) => {
        clearTimeout(timer.current);
        const sent = navigation.location && new URLSearchParams(navigation.location.search).get('q');
        if (sent === input.current?.value) event.preventDefault();
      }}
      onChange={(event) => {
        const form = event.currentTarget;
        clearTimeout(timer.current);
        timer.current = setTimeout(
          () => submit(form, { replace: true, preventScrollReset: true }),
          TYPING_PAUSE_MS,
        );
      }}
    >
      <label htmlFor="member-search">Search members</label>
      <div className="member-search-row">
        <input
          ref={input}
          id="member-search"
          type="search"
          name="q"
          defaultValue={query}
          maxLength={MAX_QUERY}
          placeholder="Name, username or qualification"
        />
        <button type="submit" className="button">
          Search
        </button>
      </div>
    </Form>
  );
}
