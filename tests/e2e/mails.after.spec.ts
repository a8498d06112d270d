// Every kind of mail the site sends is valid HTML (the Nu HTML Checker) and passes axe, as the
// member's mail client would show it: the mails the journeys received, plus the ones only the
// worker sends (reminders with a heads-up, induction expiry notices), made due here.
import { admin, fixtureMember } from '../support/admin';
import { receivedHtml, waitForMail } from '../support/mail';
import { currentServer } from '../support/servers';
import { vnuBatch } from '../support/vnu';
import { expect, test } from './fixtures';

// Each kind by its subject; a journey that stops sending one fails this test, not silently.
const KINDS: [string, RegExp][] = [
  ['password reset', /^Reset your password$/],
  ['password set', /^Set your password$/],
  ['booking confirmed', /^Booking confirmed: /],
  ['booking changed', /^Booking changed: /],
  ['booking cancelled', /^Booking cancelled: /],
  ['booking released', /^Booking released: /],
  ['reminder', /^Reminder: /],
  ['strike waiver request', /^Strike waiver request: /],
  ['strike waived', /^Strike waived: /],
  ['waiver declined', /^Waiver declined: /],
  ['induction request', /^Induction request: /],
  ['induction declined', /^Induction request declined: /],
  ['induction signed off', /^Induction signed off: /],
  ['induction revoked', /^Induction revoked: /],
  ['induction expiry notice', /^Your .+ expires on /],
  ['out of service', /^Out of service: /],
  ['credits granted', /^You were granted /],
  ['credits expiring', /^\d+ .+ expire on /],
];

test('every kind of mail validates and passes axe', async ({ page, expectAccessible }) => {
  // Three mails the worker sends and axe over 18 mails: 72 s on a slow CI machine, more than the
  // default minute; a hang still fails.
  test.setTimeout(180_000);
  const member = await fixtureMember('reminded');
  await admin(currentServer(), 'fixture', 'reminders-due', member.username);
  const reminder = await waitForMail(member.email, (mail) =>
    mail.subject.startsWith('Reminder: Reminded Laser'),
  );
  expect(reminder.text).toContain('Heads-up: Reminded Laser is out of service since');
  await waitForMail(member.email, (mail) => /^Your Expiring induction \w+ expires on /.test(mail.subject));
  await admin(currentServer(), 'fixture', 'credits-expiring', member.username);
  await waitForMail(member.email, (mail) => /^5 Expiring tokens \w+ expire on /.test(mail.subject));

  const received = receivedHtml();
  const vnu = vnuBatch();
  for (const [kind, subject] of KINDS) {
    const mail = received.find((candidate) => subject.test(candidate.subject));
    expect(mail, `a ${kind} mail`).toBeDefined();
    vnu.add(kind, mail!.html);
    await test.step(`axe: ${kind}`, async () => {
      await page.setContent(mail!.html);
      await expectAccessible();
    });
  }
  expect(vnu.errors()).toEqual([]);
});
