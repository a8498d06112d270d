// What the /admin pages may do (docs/decisions/018-admin-area.md): the same server code the admin
// CLI calls, on this site's own store. Every change writes the audit log in its transaction.
import { db } from '../db';
import { createInvite, listInvites, revokeInvite, type InviteOptions } from '../api/invites';
import { auditPage, type Actor } from './audit';

export { requireAdmin } from './roles';

export const admin = {
  invites: {
    list: () => listInvites(db),
    create: (options: InviteOptions, actor: Actor) => createInvite(db, options, actor),
    revoke: (id: string, actor: Actor) => revokeInvite(db, { id }, actor),
  },
  log: {
    page: (page: number) => auditPage(db, page),
  },
};
