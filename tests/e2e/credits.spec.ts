// /credits (docs/product.md §10 'Credits'): a member with a grant and a booking that holds part of
// it sees what they can spend now, which booking holds what (with its cancel link), what expires in
// the next 30 days, and the statement; the menu and My bookings link the page.
import { expect, test } from './fixtures';
import { fixtureCredits, fixtureMember } from '../support/admin';

test('a member sees what they have, what their booking holds and the statement', async ({
  page,
  baseURL,
  expectAccessible,
}) => {
  const member = await fixtureMember('credits');
  const start = new Date(Date.now() + 3 * 86_400_000);
  start.setUTCHours(10, 0, 0, 0);
  const gpu = await fixtureCredits(member.username, {
    perHour: 3,
    grant: 10,
    days: 20,
    book: { start: start.toISOString(), minutes: 120 },
  });
  const [name, ...value] = member.cookie.split('=');
  await page.context().addCookies([{ name: name!, value: value.join('='), url: baseURL! }]);

  await page.goto('/bookings');
  await page.getByRole('link', { name: 'My credits' }).click();
  await expect(page).toHaveURL('/credits');
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'credits' }),
  ).toBeVisible();

  const mine = page.getByRole('region', { name: gpu.credit });
  await expect(mine).toContainText(`Available now: 4 ${gpu.credit}`);
  const held = mine.getByRole('listitem').filter({ hasText: gpu.resource });
  await expect(held).toContainText(`6 ${gpu.credit} for ${gpu.resource}, `);
  await expect(held.getByRole('link', { name: /^Cancel booking: / })).toHaveAttribute(
    'href',
    `/bookings/${gpu.bookingId}/cancel`,
  );
  await expect(mine).toContainText(
    new RegExp(`4 ${gpu.credit} of the grant ‘test grant’, usable until \\d+ \\w+ \\d{4}`),
  );

  const statement = page.getByRole('table', { name: 'Every change to your credits, newest first' });
  const rows = statement.getByRole('row');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1)).toContainText(`Held for a booking: 6 ${gpu.credit}`);
  await expect(rows.nth(1)).toContainText('−6');
  await expect(rows.nth(1).getByRole('link', { name: new RegExp(`^${gpu.resource}, `) })).toHaveAttribute(
    'href',
    '/bookings',
  );
  await expect(rows.nth(2)).toContainText(`Granted: 10 ${gpu.credit}`);
  await expect(rows.nth(2)).toContainText('+10');
  await expectAccessible();
});
