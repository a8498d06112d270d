// Members an admin named to a role on one thing (the inductors of an induction, the approvers of a
// machine), each with who named them and a plain 'Remove' form.
import { Form, Link } from '@remix-run/react';

export interface Appointed {
  id: string;
  username: string;
  fullname: string;
  appointedBy: string;
}

export function AppointedList({
  people,
  roleName,
  intent,
  empty,
}: {
  people: Appointed[];
  /** 'inductor', 'approver': the remove button says what they stop being */
  roleName: string;
  /** the remove form's intent */
  intent: string;
  empty: string;
}) {
  if (!people.length) return <p className="empty-state">{empty}</p>;
  return (
    <ul className="inductor-list">
      {people.map((person) => (
        <li key={person.id}>
          <span>
            <Link to={`/members/${person.username.toLowerCase()}`}>{person.fullname}</Link> @{person.username}{' '}
            <span className="muted">(named by {person.appointedBy})</span>
          </span>
          <Form method="post" className="inline-action">
            <input type="hidden" name="intent" value={intent} />
            <input type="hidden" name="member" value={person.id} />
            <button
              type="submit"
              className="button button-small button-secondary"
              aria-label={`Remove @${person.username} as ${roleName}`}
            >
              Remove
            </button>
          </Form>
        </li>
      ))}
    </ul>
  );
}
