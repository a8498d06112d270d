// Success messages carried to /login in the query string (SPEC's "navigation state"): only these
// fixed texts can appear, so the parameter cannot inject content.
const notices = {
  'password-reset': 'Password Reset Successfully. Please sign in with your new password.',
  registered: 'Registration Successful. Please sign in.',
} as const;

export type NoticeKey = keyof typeof notices;

export function noticeText(key: string | null): string | null {
  return key && key in notices ? notices[key as NoticeKey] : null;
}
