// Invite keys' rules, shared by sign-up (can this key be used?) and the admin pages (what state
// is it in?).

export type InviteStatus = 'active' | 'revoked' | 'expired' | 'used';

/** A key's state now: revoked beats expired, which beats used up. */
export function inviteStatus(
  row: { revoked_at: string | null; expires_at: string | null; uses_left: number },
  now: string,
): InviteStatus {
  if (row.revoked_at) return 'revoked';
  if (row.expires_at && row.expires_at <= now) return 'expired';
  if (row.uses_left <= 0) return 'used';
  return 'active';
}

/** Where a new member registers with a key: /register fills the invite field from it. */
export const inviteLink = (origin: string, key: string) =>
  `${origin}/register?${new URLSearchParams({ invite: key })}`;

export const MAX_INVITE_USES = 100;
export const MAX_INVITE_DAYS = 365;
export const MAX_INVITE_NOTE = 200;
