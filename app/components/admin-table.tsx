import type { ReactNode } from 'react';

/**
 * A table of the admin area: it scrolls sideways inside a labelled region keyboard users can
 * focus, and on a phone each row becomes a small card whose cells are named by `data-label`.
 * An empty header names the actions column for screen readers only.
 */
export function AdminTable({
  label,
  columns,
  children,
}: {
  label: string;
  columns: string[];
  children: ReactNode;
}) {
  return (
    <div className="table-scroll" role="region" aria-label={label} tabIndex={0}>
      <table className="admin-table">
        <thead>
          <tr>
            {columns.map((column) => (
              <th scope="col" key={column}>
                {column === 'Actions' ? <span className="visually-hidden">Actions</span> : column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
