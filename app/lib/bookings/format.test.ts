import { expect, test } from 'vitest';
import { eventText, inductionStatusText, revokedText, statusText, whenText } from './format';

test('whenText: the day and times on the lab clock, a second day only when the booking reaches it', () => {
  // Summer time: 09:00 UTC is 10:00 in Dublin.
  expect(whenText({ start: '2026-07-01T09:00:00.000Z', end: '2026-07-01T11:00:00.000Z' })).toBe(
    'Wednesday 1 July 2026, 10:00–12:00',
  );
  // Winter: UTC and Dublin agree; ending at midnight stays on the day.
  expect(whenText({ start: '2026-12-01T22:00:00.000Z', end: '2026-12-02T00:00:00.000Z' })).toBe(
    'Tuesday 1 December 2026, 22:00–00:00',
  );
  expect(whenText({ start: '2026-12-01T22:00:00.000Z', end: '2026-12-02T02:00:00.000Z' })).toBe(
    'Tuesday 1 December 2026, 22:00–Wednesday 2 December 2026, 02:00',
  );
});

test('inductionStatusText: valid until, expired on, revoked on, or no expiry', () => {
  const now = new Date('2026-11-25T12:00:00Z');
  expect(inductionStatusText({ expiresAt: '2027-03-03T10:00:00.000Z', revokedAt: null }, now)).toBe(
    'valid until 3 March 2027',
  );
  expect(inductionStatusText({ expiresAt: '2026-03-03T10:00:00.000Z', revokedAt: null }, now)).toBe(
    'expired on 3 March 2026',
  );
  expect(
    inductionStatusText(
      { expiresAt: '2027-03-03T10:00:00.000Z', revokedAt: '2026-11-20T10:00:00.000Z' },
      now,
    ),
  ).toBe('revoked on 20 November 2026');
  expect(inductionStatusText({ expiresAt: null, revokedAt: null }, now)).toBe('does not expire');
});

test('revokedText: nothing touched, bookings cancelled, or bookings standing listed', () => {
  const member = { username: 'ana' };
  const booking = {
    start: '2026-12-01T10:00:00.000Z',
    end: '2026-12-01T12:00:00.000Z',
    resource: { name: 'CNC mill' },
  };
  expect(revokedText({ member, bookings: [], cancelled: false })).toBe(
    'Induction revoked; @ana was e-mailed the reason.',
  );
  expect(revokedText({ member, bookings: [booking, booking], cancelled: true })).toBe(
    'Induction revoked; @ana’s upcoming 2 bookings that needed it were cancelled, and they were e-mailed the reason.',
  );
  expect(revokedText({ member, bookings: [booking], cancelled: false })).toBe(
    'Induction revoked; @ana was e-mailed the reason. Their upcoming booking that needs it still stands: Tuesday 1 December 2026, 10:00–12:00 (CNC mill).',
  );
});

test('eventText: a line of a booking history; people acting for the member are named', () => {
  const at = '2026-12-01T10:02:00.000Z';
  expect(eventText({ at, kind: 'booked', actor: 'member', reason: '' })).toBe('Tue 1 Dec 10:02: Booked');
  expect(eventText({ at, kind: 'checked-in', actor: '@ana', reason: 'phone flat' })).toBe(
    'Tue 1 Dec 10:02: Checked in by @ana (phone flat)',
  );
  expect(eventText({ at, kind: 'released', actor: 'lab', reason: '' })).toBe(
    'Tue 1 Dec 10:02: Released: nobody checked in',
  );
  expect(statusText('no_show')).toBe('Released: nobody checked in');
  expect(statusText('active')).toBeNull();
});
