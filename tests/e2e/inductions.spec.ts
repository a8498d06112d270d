// Signing members off (docs/product.md §10): an inductor an admin named for an induction has
// 'inductions' in their menu, sees a member's request on /inductions (and how to reach them; the
// request mail replies to the member), declines it with a reason the member is mailed, then signs
// them off after a second request (mailed what they can book now); they cannot sign themselves
// off; a revoke with its reason and 'Also cancel those bookings' cancels the member's booking and
// mails them. JavaScript on and off.
import { fixtureInduction, fixtureInductor, fixtureResource } from '../support/admin';
import { waitForMail } from '../support/mail';
import { addDays, labDayOf, labTime } from '../../app/lib/bookings/time';
import { signedIn } from './accounts';
import { expect, test } from './fixtures';

test('an inductor declines, then signs off a member who asked, who can then book; self sign-off refused; a revoke cancels their booking and tells them', async ({
  page,
  browser,
  javaScript,
  expectAccessible,
}) => {
  test.slow(); // two members, five mails
  const induction = await fixtureInduction({ name: 'Bandsaw induction' });
  const bandsaw = await fixtureResource({ name: 'Test bandsaw', induction: induction.slug });
  const context = await browser.newContext({ javaScriptEnabled: javaScript });
  const theirs = await context.newPage();
  const [inductor, member] = await Promise.all([signedIn(page), signedIn(theirs)]);
  const ask = (message: string) =>
    theirs.request.post(`/resources/${bandsaw.slug}`, { form: { intent: 'request-induction', message } });

  // Not yet named: the page does not exist for them, and their menu does not offer it.
  expect((await page.goto('/inductions'))?.status()).toBe(404);
  await expect(page.getByRole('link', { name: 'inductions', exact: true })).toHaveCount(0);
  await fixtureInductor(inductor.username, induction.slug);
  expect((await ask('I have used a bandsaw at college.')).ok()).toBe(true);
  // The request mail answers to the member.
  const requestMail = await waitForMail(inductor.email, (mail) => mail.subject.includes(induction.name));
  expect(requestMail.raw).toMatch(
    new RegExp(`^Reply-To: ${member.email.replace(/[.+]/g, '\\$&')}\\r?$`, 'm'),
  );

  // Named, their menu and their /bookings lead there.
  await page.goto('/bookings');
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'inductions' }),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Sign members off' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Inductions' })).toBeVisible();
  const request = page.getByRole('listitem').filter({ hasText: `@${member.username}` });
  await expect(request).toContainText(`asks for the ${induction.name}`);
  await expect(request).toContainText('I have used a bandsaw at college.');
  await expect(request.getByRole('link', { name: member.email })).toHaveAttribute(
    'href',
    `mailto:${member.email}`,
  );
  await expectAccessible();

  // Not yet: declined with a reason, which the member is mailed.
  await request.getByText('Not yet: decline with a reason').click();
  await request.getByLabel('Why not yet').fill('Watch the safety video first.');
  await request.getByRole('button', { name: `Decline ${member.fullname}’s request` }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Request declined; the member was e-mailed why.' }),
  ).toBeVisible();
  await expect(page.getByText('No open requests.')).toBeVisible();
  const declined = await waitForMail(member.email, (mail) => mail.subject.includes(induction.name));
  expect(declined.text).toContain('Not yet: Watch the safety video first.');
  expect((await ask('Watched it.')).ok()).toBe(true);
  await page.reload();

  // Signing themselves off is refused, whoever they type.
  await page.getByLabel('Induction', { exact: true }).selectOption({ label: induction.name });
  await page.getByLabel("Member's username").fill(inductor.username);
  await page.getByRole('button', { name: 'Sign off', exact: true }).click();
  await expect(page.getByText('You cannot sign off your own induction.')).toBeVisible();
  await expect(page.getByLabel("Member's username")).toHaveValue(inductor.username);

  await request.getByLabel('Note (optional)').fill('Blade guard, push stick, stop button.');
  await request.getByRole('button', { name: `Sign off ${member.fullname}` }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Signed off.' })).toBeVisible();
  await expect(page.getByText('No open requests.')).toBeVisible();
  const signedOff = await waitForMail(
    member.email,
    (mail) => mail.subject === `Induction signed off: ${induction.name}`,
  );
  expect(signedOff.text).toContain('You can now book Test bandsaw.');

  // The member books; revoking with 'Also cancel those bookings' cancels it and tells them.
  const start = labTime(addDays(labDayOf(new Date()), 2), 600).toISOString();
  const booked = await theirs.request.post(
    `/resources/${bandsaw.slug}/book?start=${encodeURIComponent(start)}`,
    {
      form: { start, minutes: '60', note: '' },
      maxRedirects: 0,
    },
  );
  expect(booked.status()).toBe(302);
  await page.reload();
  const holder = page.getByRole('region', { name: `Who holds the ${induction.name}` }).getByRole('row', {
    name: new RegExp(member.username),
  });
  await expect(holder).toContainText(`by @${inductor.username}`);
  await holder.getByLabel('Reason').fill('Left the guard up twice.');
  await holder.getByLabel('Also cancel those bookings (1 upcoming)').check();
  await holder.getByRole('button', { name: 'Revoke' }).click();
  await expect(
    page.getByRole('status').filter({
      hasText: `Induction revoked; @${member.username}’s upcoming booking that needed it was cancelled, and they were e-mailed the reason.`,
    }),
  ).toBeVisible();
  const revoked = await waitForMail(
    member.email,
    (mail) => mail.subject === `Induction revoked: ${induction.name}`,
  );
  expect(revoked.text).toContain(`Your ${induction.name} was revoked: Left the guard up twice.`);
  expect(revoked.text).toContain('The lab cancelled your booking of Test bandsaw');
  await theirs.goto(`/resources/${bandsaw.slug}`);
  await expect(
    theirs.getByRole('heading', { name: `You need the ${induction.name} to book this.` }),
  ).toBeVisible();
  await expect(theirs.getByRole('link', { name: /Free$/ })).toHaveCount(0);
  await context.close();
});
