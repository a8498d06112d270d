import { expect, test } from 'vitest';
import { busyShares, quietLines } from './quiet';

const closed = Array<null>(24).fill(null);

test('the quiet hours of a week in words: open hours under a quarter booked, a day never open left out', () => {
  const monday = Array.from({ length: 24 }, (_, h) =>
    h >= 9 && h < 17 ? { open: 480, booked: h === 12 || h === 13 ? 240 : h === 16 ? 119 : 0 } : null,
  );
  const always = Array.from({ length: 24 }, () => ({ open: 480, booked: 0 }));
  const busy = Array.from({ length: 24 }, (_, h) => (h === 10 ? { open: 60, booked: 60 } : null));
  const shares = busyShares([monday, closed, closed, closed, busy, always, closed]);
  expect(shares[0]![12]).toBe(0.5);
  expect(shares[0]![8]).toBeNull();
  // 16:00 had 119 of 480 minutes booked: just under a quarter, so quiet.
  expect(quietLines(shares)).toEqual([
    'Monday: 09:00–12:00, 14:00–17:00',
    'Friday: usually busy',
    'Saturday: 00:00–24:00',
  ]);
});
