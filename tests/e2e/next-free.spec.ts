// 'Find the next free time' (docs/product.md §10): an admin groups two machines as equivalents in
// the resource form; a member picks a length on one machine's page and gets the earliest free starts
// on both, each with its machine and a link to its confirm page; after a lost race, 'That slot was
// just taken.' leads there too. The same search through /api, checked against the OpenAPI document.
import crypto from 'node:crypto';
import { expect, HTTP, test } from './fixtures';
import { admin, fixtureBooking, fixtureMember, fixtureResource } from '../support/admin';
import { currentServer } from '../support/servers';
import { answer } from '../api/contract';
import { whenText } from '../../app/lib/bookings/format';

const MINUTE = 60_000;
const HALF_HOUR = 30 * MINUTE;

/** The calendar's next half-hour slot (test machines are open any time, in 30-minute slots). */
const nextSlot = () => Math.ceil(Date.now() / HALF_HOUR) * HALF_HOUR;
const iso = (ms: number) => new Date(ms).toISOString();
const when = (start: number, minutes: number) =>
  whenText({ start: iso(start), end: iso(start + minutes * MINUTE) });

async function signInAs(page: import('@playwright/test').Page, baseURL: string, cookie: string) {
  const [name, ...value] = cookie.split('=');
  await page.context().addCookies([{ name: name!, value: value.join('='), url: baseURL }]);
}

test('grouped in the resource form, two printers’ next free times are listed together, each with its machine', async ({
  page,
  baseURL,
  expectAccessible,
}) => {
  const tag = crypto.randomBytes(3).toString('hex');
  const group = `Resin printers ${tag}`;
  const a = await fixtureResource({ name: `Resin A ${tag}` });
  const b = await fixtureResource({ name: `Resin B ${tag}`, equivalentGroup: group });
  // Booked by others: A for 4 hours from the next slot, B for 1 hour.
  const other = await fixtureMember('busy');
  const slot = nextSlot();
  await fixtureBooking(other.username, a.slug, iso(slot), 240);
  await fixtureBooking(other.username, b.slug, iso(slot), 60);

  // The admin puts A in B's group with the resource form.
  const boss = await fixtureMember('boss');
  await admin(currentServer(), 'member', 'promote', boss.username);
  await signInAs(page, baseURL!, boss.cookie);
  await page.goto(`/admin/resources/${a.id}`);
  await page.getByLabel('Group of equivalent machines').fill(`  ${group} `);
  await page.getByRole('button', { name: 'Save resource' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/resources\\?saved=${a.slug}`));
  await page.context().clearCookies();

  const member = await fixtureMember('finder');
  await signInAs(page, baseURL!, member.cookie);
  await page.goto(`/resources/${a.slug}`);
  const finder = page.getByRole('form', { name: 'Find the next free time' });
  await finder.getByLabel('Length').selectOption({ label: '1 hour' });
  await finder.getByRole('button', { name: 'Find the next free time' }).click();
  await expect(page).toHaveURL(`/resources/${a.slug}/next-free?minutes=60`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Find the next free time');
  await expect(page.getByText(`On Resin A ${tag} and its equivalents (${group})`)).toBeVisible();

  // B is free an hour from now, A after its 4 hours; at the same time, A (asked about) first.
  const free = page.getByRole('region', { name: 'Free for 1 hour' }).getByRole('listitem');
  await expect(free).toHaveCount(8);
  const expected = [60, 90, 120, 150, 180, 210].map(
    (minutes) => `${when(slot + minutes * MINUTE, 60)} on Resin B ${tag}`,
  );
  expected.push(
    `${when(slot + 240 * MINUTE, 60)} on Resin A ${tag}`,
    `${when(slot + 240 * MINUTE, 60)} on Resin B ${tag}`,
  );
  await expect(free).toHaveText(expected);
  await expectAccessible();

  // A length the machine does not allow, typed into the address: said next to the field.
  const refused = await page.goto(`/resources/${a.slug}/next-free?minutes=45`);
  expect(refused?.status()).toBe(400);
  await expect(page.getByText('Choose a length from 30 to 240 minutes in 30-minute steps.')).toBeVisible();

  // A start is its confirm page; taken meanwhile, the refusal leads back to the search.
  await page.goBack();
  const first = page.getByRole('link', { name: `${when(slot + 240 * MINUTE, 60)} on Resin A ${tag}` });
  await first.click();
  await expect(page).toHaveURL(
    `/resources/${a.slug}/book?start=${encodeURIComponent(iso(slot + 240 * MINUTE))}`,
  );
  await expect(page.getByRole('heading', { name: 'Confirm booking' })).toBeVisible();
  await fixtureBooking(other.username, a.slug, iso(slot + 240 * MINUTE), 30);
  await page.getByRole('button', { name: 'Confirm booking' }).click();
  await expect(page.getByText('That slot was just taken.')).toBeVisible();
  await page.getByRole('link', { name: 'Find the next free time' }).click();
  await expect(page).toHaveURL(`/resources/${a.slug}/next-free?minutes=30`);
  await expect(page.getByRole('heading', { name: 'Free for 30 minutes' })).toBeVisible();
  await expect(page.getByLabel('Length')).toHaveValue('30');
});

test(
  'GET /api/resources/{slug}/next-free answers the starts with their machines; a bad length is 422',
  HTTP,
  async ({ request }) => {
    const tag = crypto.randomBytes(3).toString('hex');
    const group = `Lathes ${tag}`;
    const a = await fixtureResource({ name: `Lathe A ${tag}`, equivalentGroup: group });
    const b = await fixtureResource({ name: `Lathe B ${tag}`, equivalentGroup: group });
    await fixtureResource({ name: `Lathe C ${tag}`, equivalentGroup: group, outOfService: 'Chuck cracked' });
    const other = await fixtureMember('busy');
    const slot = nextSlot();
    // Booked from the next slot: the answer does not change as the clock passes it.
    await fixtureBooking(other.username, a.slug, iso(slot), 240);
    await fixtureBooking(other.username, b.slug, iso(slot), 30);
    const path = '/resources/{slug}/next-free';
    const found = await answer(
      request,
      await request.get(`/api/resources/${a.slug}/next-free?minutes=90`),
      'GET',
      path,
    );
    expect(found.status).toBe(200);
    expect(found.body).toMatchObject({
      resource: a.slug,
      minutes: 90,
      searched: [{ name: `Lathe A ${tag}` }, { name: `Lathe B ${tag}` }],
    });
    expect(found.body.starts).toHaveLength(8);
    expect(found.body.starts[0]).toEqual({
      resource: { slug: b.slug, name: `Lathe B ${tag}` },
      start: iso(slot + 30 * MINUTE),
      end: iso(slot + 120 * MINUTE),
    });

    for (const [query, message] of [
      ['?minutes=45', 'Choose a length from 30 to 240 minutes in 30-minute steps.'],
      ['?minutes=an-hour', 'Choose a length in whole minutes.'],
      ['', 'Choose a length.'],
    ]) {
      const bad = await answer(
        request,
        await request.get(`/api/resources/${a.slug}/next-free${query}`),
        'GET',
        path,
      );
      expect(bad.status, query).toBe(422);
      expect(bad.body.error).toEqual({
        code: 'invalid-input',
        message: `minutes: ${message}`,
        fields: { minutes: [message] },
      });
    }
    const unknown = await request.get('/api/resources/no-such-machine/next-free?minutes=60');
    expect((await answer(request, unknown, 'GET', path)).status).toBe(404);
  },
);
