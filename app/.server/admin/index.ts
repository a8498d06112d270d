// What the /admin pages may do (docs/decisions/018-admin-area.md): the same server code the admin
// CLI calls, on this site's own store. Every change writes the audit log in its transaction. The
// lab's side (resources, inductions, bookings) is bookings.admin (app/.server/bookings/).
import { db } from '../db';
import { createInvite, listInvites, revokeInvite, type InviteOptions } from '../store/invites';
import { removeMember } from '../account-removal';
import { auditPage, recordAudit, type Actor } from '../audit';
import { JOB_KINDS, SWEEPS } from '../job-kinds';
import { jobStats, listJobs, retryDead, timedWork } from '../jobs';
import { adminMemberList, memberToDelete } from './members';
import { postToRemove, removePost, setSignInDisabled } from './moderation';
import { deleteProject, saveProject, type ProjectImages } from './projects';
import { listProjects, projectById } from '../store/projects';
import type { ProjectForm } from '~/lib/schemas';

export { requireAdmin } from './roles';

export const admin = {
  invites: {
    list: () => listInvites(db),
    create: (options: InviteOptions, actor: Actor) => createInvite(db, options, actor),
    revoke: (id: string, actor: Actor) => revokeInvite(db, { id }, actor),
  },
  members: {
    list: (query: string) => adminMemberList(db, query),
    toDelete: (username: string) => memberToDelete(db, username),
    remove: (memberId: string, actor: Actor) => removeMember(db, memberId, actor),
    setSignInDisabled: (username: string, disabled: boolean, actor: Actor) =>
      setSignInDisabled(db, username, disabled, actor),
  },
  posts: {
    toRemove: (postId: string) => postToRemove(db, postId),
    remove: (postId: string, reason: string, actor: Actor) => removePost(db, postId, reason, actor),
  },
  projects: {
    list: () => listProjects(db),
    byId: (id: string) => projectById(db, id),
    save: (id: string | null, form: ProjectForm, images: ProjectImages, actor: Actor) =>
      saveProject(db, id, form, images, actor),
    remove: (id: string, actor: Actor) => deleteProject(db, id, actor),
  },
  log: {
    page: (page: number) => auditPage(db, page),
  },
  /**
   * /admin/jobs: the queue's figures, its jobs, the kinds of job and the sweeps (job-kinds.ts) with
   * their policies and last runs; 'Retry' on a dead job, audited.
   */
  jobs: {
    stats: () => jobStats(db),
    list: () => listJobs(db),
    work: () => timedWork(db, JOB_KINDS, SWEEPS),
    retry: (id: string, actor: Actor) =>
      db.transaction().execute(async (trx) => {
        // Named by its kind and when it was first owed: its key can hold an address, and its id
        // means nothing to a reader; the log holds neither.
        const owed = await trx
          .selectFrom('jobs')
          .select(['due_at', 'created_at'])
          .where('id', '=', id)
          .executeTakeFirst();
        const job = await retryDead(trx, id);
        if (job)
          await recordAudit(trx, actor, {
            action: 'job.retry',
            target: `${job.kind} job first owed ${owed?.due_at ?? owed?.created_at ?? ''}`.trim(),
          });
        return Boolean(job);
      }),
  },
};
