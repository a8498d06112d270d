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
  'resource.create': 'created',
  'resource.update': 'edited',
  'maintenance.create': 'blocked for maintenance',
  'maintenance.remove': 'removed the maintenance block on',
  'booking.create': 'booked',
  'booking.override': 'booked anyway',
  'booking.cancel': 'cancelled the booking of',
  'induction.create': 'created',
  'induction.update': 'edited',
  'inductor.appoint': 'named as inductor',
  'inductor.remove': 'removed as inductor',
  'induction.sign-off': 'signed off',
  'induction.revoke': 'revoked the induction of',
};

export const auditActionText = (action: string) => ACTIONS[action] ?? action;
