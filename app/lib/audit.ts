// How the audit log (/admin/log) names what was done.
const ACTIONS: Record<string, string> = {
  'invite.create': 'created',
  'invite.revoke': 'revoked',
  'member.promote': 'gave the admin role to',
  'member.demote': 'took the admin role from',
  'member.delete': 'deleted the member',
  'member.disable': 'disabled sign-in for',
  'member.enable': 're-enabled sign-in for',
  'post.remove': 'removed the post',
  'project.create': 'created',
  'project.update': 'edited',
  'project.delete': 'deleted',
};

export const auditActionText = (action: string) => ACTIONS[action] ?? action;
