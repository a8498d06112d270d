// /admin — what the admin area holds (admins only; anyone else gets the 404 page).
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';

import { Link } from '@remix-run/react';
import { requireAdmin } from '~/.server';
import { pageMeta } from '~/lib/meta';

export const meta: MetaFunction = (args) =>
  pageMeta(args, { title: 'Admin', description: 'Running the makerspace site.' });

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return null;
}

export default function AdminHome() {
  return (
    <>
      <h1>Admin</h1>
      <ul className="card-grid">
        <li>
          <div className="card">
            <h2>
              <Link to="/admin/invites">Invites</Link>
            </h2>
            <p>Create invite keys with a ready registration link, see who joined with each, revoke them.</p>
          </div>
        </li>
        <li>
          <div className="card">
            <h2>
              <Link to="/admin/members">Members</Link>
            </h2>
            <p>
              Find any member by name, username or qualification; switch their sign-in off and on; delete a
              member and everything of theirs.
            </p>
          </div>
        </li>
        <li>
          <div className="card">
            <h2>
              <Link to="/admin/projects">Projects</Link>
            </h2>
            <p>Add, edit and delete the portfolio's projects: text, tags, banner, logo and team.</p>
          </div>
        </li>
        <li>
          <div className="card">
            <h2>
              <Link to="/admin/resources">Resources</Link>
            </h2>
            <p>
              Add and edit the machines members book: photo, rules, induction, out of service; block time for
              maintenance; book for a member past the rules.
            </p>
          </div>
        </li>
        <li>
          <div className="card">
            <h2>
              <Link to="/admin/inductions">Inductions</Link>
            </h2>
            <p>Create inductions, name their inductors, sign members off and revoke.</p>
          </div>
        </li>
        <li>
          <div className="card">
            <h2>
              <Link to="/admin/credits">Credits</Link>
            </h2>
            <p>
              GPU tokens and other credits: monthly allowances, grants to a member or to everyone, a member’s
              ledger and adjustments, the ledger as CSV.
            </p>
          </div>
        </li>
        <li>
          <div className="card">
            <h2>
              <Link to="/admin/usage">Usage</Link>
            </h2>
            <p>
              How the lab is used: booked and used time per resource, busy hours, no-shows and freed time, the
              induction funnel and credits, each as a chart, a table and a CSV file.
            </p>
          </div>
        </li>
        <li>
          <div className="card">
            <h2>
              <Link to="/admin/log">Audit log</Link>
            </h2>
            <p>Every admin action: who did what, to what, and when.</p>
          </div>
        </li>
      </ul>
    </>
  );
}
