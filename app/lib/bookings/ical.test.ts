import ICAL from 'ical.js';
import { describe, expect, test } from 'vitest';
import { calendar, fold } from './ical';

const event = {
  uid: '0f8fad5b-d9cb-469f-a165-70867728950e@booking',
  sequence: 2,
  start: '2026-10-25T00:30:00.000Z',
  end: '2026-10-25T02:30:00.000Z',
  summary: 'CNC router; spindle, "fast" \\ run',
  description: 'Line one\nLine two with ünïcödé and a long tail '.repeat(4),
  status: 'CONFIRMED' as const,
  updatedAt: '2026-11-25T10:00:00.000Z',
};

describe('calendar', () => {
  test('CRLF, folded at 75 octets, parsed back by ical.js with the same values in UTC', () => {
    const body = calendar([event], { name: 'My bookings', refreshMinutes: 60 });
    expect(body.endsWith('\r\n')).toBe(true);
    expect(body.replace(/\r\n/g, '')).not.toMatch(/\n/);
    for (const line of body.split('\r\n'))
      expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(body).toMatch(/^PRODID:/m);
    expect(body).not.toMatch(/^METHOD:/m);
    const parsed = new ICAL.Component(ICAL.parse(body));
    const vevent = parsed.getFirstSubcomponent('vevent')!;
    expect(vevent.getFirstPropertyValue('uid')).toBe(event.uid);
    expect(vevent.getFirstPropertyValue('summary')).toBe(event.summary);
    expect(vevent.getFirstPropertyValue('description')).toBe(event.description);
    expect(vevent.getFirstPropertyValue('sequence')).toBe(2);
    const start = vevent.getFirstPropertyValue('dtstart') as ICAL.Time;
    expect(start.zone?.tzid).toBe('UTC');
    expect(start.toJSDate().toISOString()).toBe(event.start);
    expect((vevent.getFirstPropertyValue('dtend') as ICAL.Time).toJSDate().toISOString()).toBe(event.end);
  });

  test('never folds inside a UTF-8 character', () => {
    const line = `SUMMARY:${'€'.repeat(60)}`;
    const folded = fold(line).split('\r\n ');
    expect(folded.join('')).toBe(line);
    for (const part of folded) expect(new TextEncoder().encode(part).length).toBeLessThanOrEqual(75);
  });

  test('a cancelled event says so; an invitation carries METHOD:PUBLISH', () => {
    const body = calendar([{ ...event, status: 'CANCELLED' }], { method: 'PUBLISH' });
    expect(body).toMatch(/^METHOD:PUBLISH\r$/m);
    expect(body).toMatch(/^STATUS:CANCELLED\r$/m);
    // A feed names no organizer.
    expect(body).not.toContain('ORGANIZER');
  });

  test('a cancellation message: METHOD:CANCEL with the lab as ORGANIZER (RFC 5546 requires one)', () => {
    const body = calendar([{ ...event, status: 'CANCELLED', sequence: 2 }], {
      method: 'CANCEL',
      organizer: { name: 'Dublin "Makerspace"', email: 'hello@makerspace.ie' },
    });
    expect(body).toMatch(/^METHOD:CANCEL\r$/m);
    expect(body).toMatch(/^SEQUENCE:2\r$/m);
    expect(body).toMatch(/^ORGANIZER;CN="Dublin Makerspace":mailto:hello@makerspace.ie\r$/m);
  });
});
