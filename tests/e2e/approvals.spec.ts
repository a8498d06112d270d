// Requests for a machine that needs approval (docs/product.md §10 'Approvals'): the member answers
// the questions and sends 'Request booking', sees it waiting on /bookings; the approver is mailed
// (Reply-To the member), approves one request and declines another with a reason, and the member
// is mailed each decision; a request nobody decides expires by the worker. JavaScript on and off.
// Members are made in the store; the races and the rules are tested in the unit suites.
import { signedIn } from './accounts';
import { expect, test } from './fixtures';
import { fixtureApprover, fixtureRequestDue, fixtureResource } from '../support/admin';
import { waitForMail } from '../support/mail';

const QUESTIONS = ['Organism and biosafety level', 'Waste route'];

/** A whole UTC hour `days` ahead: inside the horizon, past any notice. */
const hourAhead = (days: number, hour = 10) => {
  const date = new Date(Date.now() + days * 86_400_000);
  date.setUTCHours(hour, 0, 0, 0);
  return date;
};

test('a request with its answers, approved; another declined with a reason; the mails', async ({
  page,
  browser,
  javaScript,
  expectAccessible,
}) => {
  test.slow(); // two members, four mails
  const hood = await fixtureResource({ name: 'Test fume hood', approval: QUESTIONS });
  const context = await browser.newContext({ javaScriptEnabled: javaScript });
  const theirs = await context.newPage();
  const [approver, member] = await Promise.all([signedIn(page), signedIn(theirs)]);
  await fixtureApprover(approver.username, hood.slug);

  // The confirm page says what a request holds and asks the questions, each required.
  await theirs.goto(`/resources/${hood.slug}/book?start=${hourAhead(3).toISOString()}`);
  await expect(theirs.getByText(/^This needs approval\. The slot is held for you until .+\.$/)).toBeVisible();
  await theirs.getByLabel(QUESTIONS[0]!).fill('E. coli K-12, BSL-1');
  await theirs.getByRole('button', { name: 'Request booking' }).click();
  const waste = theirs.getByLabel(QUESTIONS[1]!);
  await expect(waste).toHaveAccessibleDescription('Answer this question.');
  await expect(theirs.getByLabel(QUESTIONS[0]!)).toHaveValue('E. coli K-12, BSL-1');
  await expectAccessible(theirs);
  await waste.fill('Autoclave');
  await theirs.getByRole('button', { name: 'Request booking' }).click();
  await expect(theirs).toHaveURL(/\/bookings\?notice=requested/);
  await expect(theirs.getByRole('main')).toContainText(
    /Waiting for approval, decided by \w+day \d+ \w+ \d{4}, \d\d:\d\d/,
  );

  // A second request, by the API's path of the same form: 2 hours later that day.
  const second = await theirs.request.post(`/resources/${hood.slug}/book`, {
    form: {
      start: hourAhead(3, 13).toISOString(),
      minutes: '60',
      'answers[0]': 'Yeast, BSL-1',
      'answers[1]': 'Autoclave',
    },
    maxRedirects: 0,
  });
  expect(second.status()).toBe(302);

  // The approver is mailed each request; a reply reaches the member.
  const asked = await waitForMail(approver.email, (mail) =>
    mail.subject.includes('Booking request: Test fume hood'),
  );
  expect(asked.raw).toMatch(new RegExp(`^Reply-To: ${member.email.replace(/[.+]/g, '\\$&')}\\r?$`, 'm'));
  expect(asked.text).toContain('Organism and biosafety level: E. coli K-12, BSL-1');

  await page.goto('/');
  await page.getByRole('link', { name: 'approvals', exact: true }).click();
  await expect(page).toHaveURL(/\/approvals$/);
  const requests = page.getByRole('listitem').filter({ hasText: 'Test fume hood' });
  await expect(requests).toHaveCount(2);
  await expect(requests.first()).toContainText('E. coli K-12, BSL-1');
  await expectAccessible();
  await requests
    .first()
    .getByRole('button', { name: /^Approve / })
    .click();
  await expect(page.getByRole('status').filter({ hasText: 'Approved: Test fume hood' })).toBeVisible();
  // A decline says why.
  const left = page.getByRole('listitem').filter({ hasText: 'Test fume hood' });
  await expect(left).toHaveCount(1);
  // The field is required in the browser; a post without it is refused by the server, and changes nothing.
  const requestId = await left.locator('input[name="requestId"]').first().inputValue();
  const bare = await page.request.post('/approvals', { form: { intent: 'decline', requestId } });
  expect(bare.status()).toBe(400);
  // Said under the field it is about, the spaces typed kept.
  expect(await bare.text()).toMatch(
    new RegExp(
      `aria-describedby="reason-${requestId}-error"[^>]*/><ul id="reason-${requestId}-error" class="field-errors"><li>Say why, for the member.</li>`,
    ),
  );
  await left.getByLabel('Reason to decline').fill('The hood is booked for a course that afternoon');
  await left.getByRole('button', { name: /^Decline / }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Declined: Test fume hood' })).toBeVisible();
  await expect(page.getByText('No requests are waiting.')).toBeVisible();

  const approved = await waitForMail(
    member.email,
    (mail) => mail.subject === 'Request approved: Test fume hood',
  );
  expect(approved.text).toContain(`@${approver.username} approved your request.`);
  const declined = await waitForMail(
    member.email,
    (mail) => mail.subject === 'Request declined: Test fume hood',
  );
  expect(declined.text).toContain('The hood is booked for a course that afternoon.');
  await theirs.goto('/bookings');
  await expect(theirs.getByRole('main')).toContainText(
    `Declined by @${approver.username}: The hood is booked for a course that afternoon`,
  );
  await context.close();
});

test('a request nobody decides expires, and the member is told', async ({ page }) => {
  const hood = await fixtureResource({ name: 'Test autoclave', approval: [] });
  const member = await signedIn(page);
  const answer = await page.request.post(`/resources/${hood.slug}/book`, {
    form: { start: hourAhead(4).toISOString(), minutes: '60' },
    maxRedirects: 0,
  });
  expect(answer.headers().location).toBe('/bookings?notice=requested');
  await page.goto('/bookings');
  const withdraw = page.getByRole('link', { name: /^Withdraw request for Test autoclave/ });
  const id = (await withdraw.getAttribute('href'))!.split('/')[2]!;
  await fixtureRequestDue(id);
  const expired = await waitForMail(
    member.email,
    (mail) => mail.subject === 'Request expired: Test autoclave',
  );
  expect(expired.text).toContain('the slot is free again');
  await page.goto('/bookings');
  await expect(page.getByRole('main')).toContainText('Expired: nobody decided in time');
});
