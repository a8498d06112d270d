// The 'Team Members (n)' card (docs/product.md §2): 4 a page with a pager and a 'View All' dialog.
// Without JavaScript the pager and dialog are links (?team=N, ?team=all) answered by the server,
// which land back on the card (#team) rather than at the top of the page;
// with JavaScript the same links switch client state and open a modal dialog.
import { Link } from '@remix-run/react';
import { useEffect, useRef, useState, type MouseEvent } from 'react';
import type { ProjectMember } from '~/lib/models';
import { pageCount, pageItems, TEAM_PAGE_SIZE } from '~/lib/projects';
import { Avatar } from './images';

function TeamList({ members }: { members: ProjectMember[] }) {
  return (
    <ul className="team-list">
      {members.map((member) => (
        <li key={member.user.username}>
          <Link to={`/members/${member.user.username.toLowerCase()}`} className="team-member">
            <Avatar asset={member.user.avatar} name={member.user.fullname} size={48} />
            <span>
              <span className="team-name">{member.user.fullname}</span>
              <span className="team-role">{member.role}</span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

export function TeamCard({
  members,
  initialPage,
  showAll,
  pathname,
}: {
  members: ProjectMember[];
  initialPage: number;
  showAll: boolean;
  pathname: string;
}) {
  const [page, setPage] = useState(initialPage);
  const dialog = useRef<HTMLDialogElement>(null);
  const pages = pageCount(members.length);
  const total = members.length;

  useEffect(() => setPage(initialPage), [initialPage]);
  // A server-rendered open dialog becomes a proper modal once JavaScript runs.
  useEffect(() => {
    const element = dialog.current;
    if (showAll && element?.open && !element.matches(':modal')) {
      element.close();
      element.showModal();
    }
  }, [showAll]);

  const goTo = (target: number) => (event: MouseEvent) => {
    event.preventDefault();
    setPage(target);
  };
  const openAll = (event: MouseEvent) => {
    event.preventDefault();
    dialog.current?.showModal();
  };
  const closeAll = (event: MouseEvent) => {
    event.preventDefault();
    dialog.current?.close();
  };

  return (
    <section className="card team-card" id="team" aria-labelledby="team-heading">
      <div className="card-heading-row">
        <h2 id="team-heading">Team Members ({total})</h2>
        {total > TEAM_PAGE_SIZE ? (
          <Link
            to={`${pathname}?team=all#team`}
            preventScrollReset
            onClick={openAll}
            className="button button-small button-secondary"
          >
            View All
          </Link>
        ) : null}
      </div>
      {total === 0 ? (
        <p className="muted">No team members listed yet.</p>
      ) : (
        <TeamList members={pageItems(members, page)} />
      )}
      {pages > 1 ? (
        <nav className="pager" aria-label="Team pages">
          {page > 0 ? (
            <Link
              to={`${pathname}?team=${page - 1}#team`}
              preventScrollReset
              onClick={goTo(page - 1)}
              className="button button-small button-secondary"
              rel="prev"
            >
              Previous
            </Link>
          ) : (
            <span className="button button-small button-secondary" aria-disabled="true">
              Previous
            </span>
          )}
          <span aria-live="polite">
            Page {page + 1} of {pages}
          </span>
          {page < pages - 1 ? (
            <Link
              to={`${pathname}?team=${page + 1}#team`}
              preventScrollReset
              onClick={goTo(page + 1)}
              className="button button-small button-secondary"
              rel="next"
            >
              Next
            </Link>
          ) : (
            <span className="button button-small button-secondary" aria-disabled="true">
              Next
            </span>
          )}
        </nav>
      ) : null}
      {total > TEAM_PAGE_SIZE ? (
        <dialog
          ref={dialog}
          open={showAll || undefined}
          className="team-dialog"
          aria-labelledby="all-team-heading"
        >
          <div className="card-heading-row">
            <h2 id="all-team-heading">All Team Members ({total})</h2>
            <Link
              to={`${pathname}#team`}
              preventScrollReset
              onClick={closeAll}
              className="button button-small button-secondary"
            >
              Close
            </Link>
          </div>
          <TeamList members={members} />
        </dialog>
      ) : null}
    </section>
  );
}
