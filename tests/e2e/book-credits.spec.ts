// Booking a machine that costs credits (docs/product.md §10 'Credits'): the confirm page says what
// the booking holds before the member confirms (with JavaScript it follows the length chosen), a
// booking they cannot afford is refused next to its length and nothing is booked, a cancel gives
// it all back, and a check-out spends the slot used and gives back the rest. Members, credits and
// grants are made in the store; the rules themselves are tested in the unit suites.
import { signedIn } from './accounts';
import { expect, test } from './fixtures';
import { fixtureCredits } from '../support/admin';

/** A whole UTC hour `days` ahead: inside the horizon, past any notice. */
const hourAhead = (days: number) => {
  const date = new Date(Date.now() + days * 86_400_000);
  date.setUTCHours(10, 0, 0, 0);
  return date;
};

test('the hold text, the refusal, a booking that holds and a cancel that gives it back', async ({
  page,
  javaScript,
  expectAccessible,
}) => {
  const member = await signedIn(page);
  const { credit, slug } = await fixtureCredits(member.username, { perHour: 3, grant: 4 });
  await page.goto(`/resources/${slug}/book?start=${hourAhead(2).toISOString()}`);
  const holds = page.locator('.credit-hold');
  // The page opens on the shortest length, 30 minutes: 1.5 tokens, rounded up.
  await expect(holds).toHaveText(`This holds 2 ${credit} (30 minutes x 3 per hour). You will have 2 left.`);
  await expectAccessible();

  const length = page.getByLabel('Length');
  await length.selectOption({ label: '2 hours' });
  const short = `You need 6 ${credit} for this and have 4.`;
  // With JavaScript the text follows the length; without, it stays the first length's until sent.
  if (javaScript) await expect(holds).toHaveText(short);
  await page.getByRole('button', { name: 'Confirm booking' }).click();
  // The refusal is tied to the length it is about; nothing was booked.
  await expect(length).toHaveAccessibleDescription(new RegExp(short.replace(/\./g, '\\.')));
  await expect(length).toHaveAttribute('aria-invalid', 'true');

  await page.getByLabel('Length').selectOption({ label: '1 hour' });
  if (javaScript)
    await expect(holds).toHaveText(`This holds 3 ${credit} (1 hour x 3 per hour). You will have 1 left.`);
  await page.getByRole('button', { name: 'Confirm booking' }).click();
  await expect(page).toHaveURL(/\/bookings\?notice=booked/);

  await page.goto('/credits');
  const card = page.getByRole('region', { name: credit });
  await expect(card).toContainText('Available now: 1');
  await card.getByRole('link', { name: /^Cancel booking: / }).click();
  await page
    .getByRole('button', { name: /Cancel/ })
    .last()
    .click();
  // Wait for the cancel's answer: going on at once would abort it on the way.
  await expect(page).toHaveURL(/\/bookings\?notice=cancelled$/);
  await page.goto('/credits');
  await expect(card).toContainText('Available now: 4');
  await expect(page.getByRole('table')).toContainText('Released');
});

test('a check-out spends the slot used and gives back the rest', async ({ page }) => {
  const member = await signedIn(page);
  const quarter = 15 * 60_000;
  // A start that can be checked in to now: this quarter hour, or the next one late in it.
  const thisQuarter = Math.floor(Date.now() / quarter) * quarter;
  const start = new Date(Date.now() - thisQuarter < 10 * 60_000 ? thisQuarter : thisQuarter + quarter);
  const { credit, slug } = await fixtureCredits(member.username, {
    perHour: 4,
    grant: 10,
    rules: { checkInGraceMinutes: 15, slotMinutes: 15, minMinutes: 15 },
    book: { start: start.toISOString(), minutes: 60 },
  });
  await page.goto(`/resources/${slug}/here`);
  const yours = page.getByRole('region', { name: 'Your booking' });
  await yours.getByRole('button', { name: 'Check in' }).click();
  await expect(yours).toContainText('Checked in');
  await yours.getByRole('button', { name: 'Check out' }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText(
    'Checked out: the rest of your slot is free for others.',
  );

  // An hour held 4; one 15-minute slot used costs 1, and 3 come back.
  await page.goto('/credits');
  await expect(page.getByRole('region', { name: credit })).toContainText('Available now: 9');
  const statement = page.getByRole('table');
  await expect(statement.getByRole('row', { name: /Spent/ })).toContainText('1');
  await expect(statement.getByRole('row', { name: /Released/ })).toContainText('+3');
});
