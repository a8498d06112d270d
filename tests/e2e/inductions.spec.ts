// Signing members off (docs/product.md §10): an inductor an admin named for an induction sees a
// member's request on /inductions and signs them off, after which the member can book; they cannot
// sign themselves off; a revoke (with its reason) shuts the member out again. JavaScript on and off.
import { fixtureInduction, fixtureInductor, fixtureResource } from '../support/admin';
import { signedIn } from './accounts';
import { expect, test } from './fixtures';

test('an inductor signs off a member who asked, who can then book; self sign-off refused; a revoke shuts them out', async ({
  page,
  browser,
  javaScript,
  expectAccessible,
}) => {
  const induction = await fixtureInduction({ name: 'Bandsaw induction' });
  const bandsaw = await fixtureResource({ name: 'Test bandsaw', induction: induction.slug });
  const context = await browser.newContext({ javaScriptEnabled: javaScript });
  const theirs = await context.newPage();
  const [inductor, member] = await Promise.all([signedIn(page), signedIn(theirs)]);

  // Not yet named: the page does not exist for them.
  expect((await page.goto('/inductions'))?.status()).toBe(404);
  await fixtureInductor(inductor.username, induction.slug);
  const asked = await theirs.request.post(`/resources/${bandsaw.slug}`, {
    form: { intent: 'request-induction', message: 'I have used a bandsaw at college.' },
  });
  expect(asked.ok()).toBe(true);

  // Named, their /bookings leads there.
  await page.goto('/bookings');
  await page.getByRole('link', { name: 'Sign members off' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Inductions' })).toBeVisible();
  const request = page.getByRole('listitem').filter({ hasText: `@${member.username}` });
  await expect(request).toContainText(`asks for the ${induction.name}`);
  await expect(request).toContainText('I have used a bandsaw at college.');
  await expectAccessible();

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
  const holder = page.getByRole('region', { name: `Who holds the ${induction.name}` }).getByRole('row', {
    name: new RegExp(member.username),
  });
  await expect(holder).toContainText(`by @${inductor.username}`);

  await theirs.goto(`/resources/${bandsaw.slug}`);
  await expect(theirs.getByRole('link', { name: /Free$/ }).first()).toBeVisible();

  await holder.getByLabel('Reason').fill('Left the guard up twice.');
  await holder.getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Induction revoked.' })).toBeVisible();
  await theirs.goto(`/resources/${bandsaw.slug}`);
  await expect(
    theirs.getByRole('heading', { name: `You need the ${induction.name} to book this.` }),
  ).toBeVisible();
  await expect(theirs.getByRole('link', { name: /Free$/ })).toHaveCount(0);
  await context.close();
});
