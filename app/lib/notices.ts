// Success messages carried to /login in the query string (the product's "navigation state"): only these
// fixed texts can appear, so the parameter cannot inject content.
const notices = {
  'password-reset': 'Password Reset Successfully. Please sign in with your new password.',
  registered: 'Registration Successful. Please sign in.',
} as const;

export type NoticeKey = keyof typeof notices;

export function noticeText(key: string | null): string | null {
  return key && key in notices ? notices[key as NoticeKey] : null;
}

// Errors carried back to /login by the Google sign-in callback (docs/product.md §8 texts).
const loginErrors = {
  'google-unknown': 'Account not found in our system. Please register first.',
  'google-failed': 'Google sign in failed. Please try again.',
  'google-disabled': 'This account has been disabled.',
} as const;

export type LoginErrorKey = keyof typeof loginErrors;

export function loginErrorText(key: string | null): string | null {
  return key && key in loginErrors ? loginErrors[key as LoginErrorKey] : null;
}

// What /bookings says after a booking or a cancellation (docs/product.md §10): fixed texts only.
const bookingNotices = {
  booked: 'Booking confirmed.',
  cancelled: 'Booking cancelled.',
  requested: 'Request sent. The slot is held for you until an approver decides; you will get an e-mail.',
  withdrawn: 'Request withdrawn.',
  changed: 'Booking changed.',
  released:
    'Booking released: the slot is free for others. It counts as a late cancel unless someone books it.',
  'waive-asked': 'Your request is with the admins.',
  waiting:
    'You are in line. When the time is freed, the first in line who may book it is offered it by e-mail.',
  left: 'You left the waiting list.',
  passed: 'You passed: the time goes to the next in line.',
} as const;

export type BookingNoticeKey = keyof typeof bookingNotices;

export function bookingNoticeText(key: string | null): string | null {
  return key && key in bookingNotices ? bookingNotices[key as BookingNoticeKey] : null;
}
