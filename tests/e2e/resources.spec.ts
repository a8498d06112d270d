// The lab's machines in public (docs/product.md §10): /resources, a resource's week as visitors and
// members see it, and a member without the induction asking for it.
import { addDays, labDayOf, labTime, shortDayName } from '../../app/lib/bookings/time';
import { fixtureBooking, fixtureInduction, fixtureInductor, fixtureResource } from '../support/admin';
import { waitForMail } from '../support/mail';
import { textWithoutCss } from '../support/text-without-css';
import { registered, signedIn } from './accounts';
import { expect, HTTP, seededDb, test } from './fixtures';

const today = () => labDayOf(new Date());
const weekHeading = (from: string) => `${shortDayName(from)} to ${shortDayName(addDays(from, 6))}`;

test('a visitor finds the machines by kind and reads a week of one, with no names and a way to sign in', async ({
  page,
  expectAccessible,
}) => {
  const kiosk = await fixtureResource({ name: 'Kiosk printer', rules: { checkInGraceMinutes: 15 } });
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'book' }).click();
  await expect(page).toHaveURL('/resources');
  await expect(page.getByRole('heading', { level: 1, name: 'Book the lab' })).toBeVisible();
  for (const kind of ['Fabrication', 'Electronics and compute', 'Wetlab'])
    await expect(page.getByRole('heading', { level: 2, name: kind })).toBeVisible();
  const router = page.getByRole('article', { name: '3-axis CNC router' });
  await expect(router).toContainText('Available');
  await expect(router).toContainText('Needs the CNC induction');
  await expect(page.getByRole('article', { name: 'Desktop CNC mill' })).toContainText('Out of service');
  // A machine that needs check-in says so in words.
  await expect(
    page.getByRole('article').filter({ has: page.locator(`a[href="/resources/${kiosk.slug}"]`) }),
  ).toContainText('Check-in required');
  await expect(router).not.toContainText('Check-in');
  await expectAccessible();

  await router.getByRole('link', { name: '3-axis CNC router' }).click();
  await expect(page).toHaveURL('/resources/cnc-router');
  await expect(page.getByRole('heading', { level: 1, name: '3-axis CNC router' })).toBeVisible();
  await expect(page.getByText('Bookings are made in 30-minute slots, from 1 hour to 4 hours.')).toBeVisible();
  await expect(page.getByRole('heading', { name: weekHeading(today()) })).toBeVisible();
  // The demo calendar is busy (bookings over the coming two weeks), closed on Sundays, free elsewhere.
  await expect(page.getByText(/Booked$/).first()).toBeVisible();
  await expect(page.getByText('Closed', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: /^\d\d:\d\d Free$/ }).first()).toHaveAttribute(
    'href',
    /^\/resources\/cnc-router\/book\?start=\d{4}-\d\d-\d\dT\d\d%3A\d\d%3A00.000Z$/,
  );
  const body = await page.locator('main').innerText();
  const names = seededDb().prepare('select username, fullname from users').all() as {
    username: string;
    fullname: string;
  }[];
  for (const member of names) {
    expect(body).not.toContain(member.fullname);
    expect(body).not.toContain(`@${member.username}`);
  }
  await expectAccessible();

  await page.getByRole('link', { name: 'Next week →' }).click();
  await expect(page).toHaveURL(`/resources/cnc-router?from=${addDays(today(), 7)}`);
  await expect(page.getByRole('heading', { name: weekHeading(addDays(today(), 7)) })).toBeVisible();
  await page.getByRole('link', { name: '← Previous week' }).click();
  await expect(page.getByRole('heading', { name: weekHeading(today()) })).toBeVisible();
  // A date that is not one shows this week.
  await page.goto('/resources/cnc-router?from=2026-02-30');
  await expect(page.getByRole('heading', { name: weekHeading(today()) })).toBeVisible();

  // On a wide screen the seven days side by side, no chooser; on a phone one day at a time.
  const dayHeadings = page.getByRole('region', { name: / to / }).getByRole('heading', { level: 3 });
  await expect(dayHeadings).toHaveCount(7);
  await expect(page.getByRole('navigation', { name: 'Days' })).toBeHidden();
  await page.setViewportSize({ width: 375, height: 800 });
  const days = page.getByRole('navigation', { name: 'Days' });
  await expect(days.getByRole('link', { name: shortDayName(today()) })).toHaveAttribute(
    'aria-current',
    'true',
  );
  await expect(dayHeadings).toHaveText([shortDayName(today())]);
  const tomorrow = addDays(today(), 1);
  await days.getByRole('link', { name: shortDayName(tomorrow) }).click();
  await expect(page).toHaveURL(`/resources/cnc-router?from=${today()}&day=${tomorrow}`);
  await expect(dayHeadings).toHaveText([shortDayName(tomorrow)]);
  await days.getByRole('link', { name: 'Whole week' }).click();
  await expect(page).toHaveURL(`/resources/cnc-router?from=${today()}&day=week`);
  await expect(dayHeadings).toHaveCount(7);
  // The whole week stays so from week to week.
  await page.getByRole('link', { name: 'Next week →' }).click();
  await expect(page).toHaveURL(`/resources/cnc-router?from=${addDays(today(), 7)}&day=week`);
  await expect(dayHeadings).toHaveCount(7);
  await page.setViewportSize({ width: 1280, height: 720 });

  await page.getByRole('link', { name: 'Sign in to book' }).click();
  await expect(page).toHaveURL('/login?from=%2Fresources%2Fcnc-router');

  // Out of service: the reason, and no slot to book.
  await page.goto('/resources/desktop-cnc-mill');
  await expect(page.getByText(/^Out of service: .+/)).toBeVisible();
  await expect(page.getByRole('link', { name: /Free$/ })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Sign in to book' })).toHaveCount(0);
  await expect(page.getByText(/Free$/).first()).toBeVisible();

  await page.goto('/resources/no-such-machine');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
});

test('a member without the induction asks for it; their booking is theirs to them and Booked to others', async ({
  page,
  browser,
  javaScript,
  expectAccessible,
}) => {
  const induction = await fixtureInduction({ name: 'Lathe induction' });
  const lathe = await fixtureResource({ name: 'Test lathe', induction: induction.slug });
  const [member, inductor] = await Promise.all([signedIn(page), registered()]);
  await fixtureInductor(inductor.username, induction.slug);
  const tomorrow = addDays(today(), 1);
  await fixtureBooking(member.username, lathe.slug, labTime(tomorrow, 600).toISOString(), 60);

  await page.goto(`/resources/${lathe.slug}`);
  const day = page.getByRole('region', { name: shortDayName(tomorrow) });
  await expect(day.getByText('10:00–11:00 Your booking')).toBeVisible();
  await expect(
    page.getByRole('heading', { name: `You need the ${induction.name} to book this.` }),
  ).toBeVisible();
  // Without it, nothing here is a link to book.
  await expect(page.getByRole('link', { name: /Free$/ })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Sign in to book' })).toHaveCount(0);
  await expectAccessible();

  await page.getByLabel('Message (optional)').fill('Weekday evenings suit me.');
  await page.getByRole('button', { name: 'Request an induction' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Induction requested.' })).toHaveText(
    'Induction requested. An inductor will be in touch.',
  );
  const mail = await waitForMail(
    inductor.email,
    (message) => message.subject === `Induction request: ${induction.name}`,
  );
  expect(mail.text).toContain(`@${member.username}`);
  expect(mail.text).toContain('Weekday evenings suit me.');

  // Asked once: the page says so, and a second request (a form sent again) is the same request.
  await page.goto(`/resources/${lathe.slug}`);
  await expect(page.getByText('You have asked for it; an inductor will be in touch.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Request an induction' })).toHaveCount(0);
  const again = await page.request.post(`/resources/${lathe.slug}`, {
    form: { intent: 'request-induction', message: 'Again?' },
  });
  expect(await again.text()).toContain(`You have already requested the ${induction.name}.`);
  // A message over 500 characters, and a forged intent, are refused with their reasons.
  const long = await page.request.post(`/resources/${lathe.slug}`, {
    form: { intent: 'request-induction', message: 'x'.repeat(501) },
  });
  expect(long.status()).toBe(400);
  expect(await long.text()).toContain('Message must be at most 500 characters');
  const forged = await page.request.post(`/resources/${lathe.slug}`, { form: { intent: 'book-everything' } });
  expect(forged.status()).toBe(400);
  expect(await forged.text()).toContain('Unknown action.');

  // Another member (the inductor) and a visitor see the same hour as Booked, and not whose.
  const context = await browser.newContext({ javaScriptEnabled: javaScript });
  const other = await context.newPage();
  await signedIn(other);
  for (const signedInAs of ['member', 'visitor']) {
    if (signedInAs === 'visitor') await context.clearCookies();
    await other.goto(`/resources/${lathe.slug}`);
    const seen = other.getByRole('region', { name: shortDayName(tomorrow) });
    await expect(seen.getByText('10:00–11:00 Booked')).toBeVisible();
    await expect(other.getByText(/Your booking/)).toHaveCount(0);
    await expect(other.locator('main')).not.toContainText(member.fullname);
  }
  await context.close();
});

test(
  'the resource pages are in the sitemap, read right without CSS, and the render cache keeps its expiry to itself',
  HTTP,
  async ({ request }) => {
    const sitemap = await (await request.get('/sitemap.xml')).text();
    expect(sitemap).toMatch(/<loc>[^<]+\/resources<\/loc>/);
    expect(sitemap).toMatch(/<loc>[^<]+\/resources\/cnc-router<\/loc>/);
    // Served through the cache (a hit or, after another journey's write, a miss), without the header.
    const answer = await request.get('/resources/prusa-mk4');
    expect(answer.headers()['x-render-cache']).toMatch(/^(hit|miss)$/);
    expect(answer.headers()['x-render-expires']).toBeUndefined();
    const html = await answer.text();
    expect(html).toContain('Free</a>');

    // As w3m shows them: the status, the induction and the week links are words of their own.
    const page = textWithoutCss(html);
    expect(page).toContain('Available No induction needed');
    expect(page).toContain('← Previous week Next week →');
    const list = textWithoutCss(await (await request.get('/resources')).text());
    expect(list).toContain('Available Needs the CNC induction');
  },
);
