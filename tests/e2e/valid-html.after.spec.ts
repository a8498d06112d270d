// Every kind of page the site serves is valid HTML, as the Nu HTML Checker (vnu-jar) reads it:
// the documents as the server sends them, signed out and signed in, including error views.
import { baseUrl, currentServer } from '../support/servers';
import { admin, fixtureMember } from '../support/admin';
import { freshMember, reachStepTwo, register, signIn } from './accounts';
import { expect, seededDb, test } from './fixtures';
import { vnuBatch } from '../support/vnu';

test('every page kind validates with zero errors', async ({ page }) => {
  test.setTimeout(120_000);
  const post = seededDb()
    .prepare(
      'select posts.id, posts.slug, users.username from posts join users on users.id = posts.user_id limit 1',
    )
    .get() as { id: string; slug: string; username: string };
  const member = post.username.toLowerCase();
  const project = seededDb().prepare('select id from projects limit 1').get() as { id: string };
  const signedOut = [
    '/',
    '/members',
    '/members?q=tomas',
    '/members?page=2',
    '/members?q=nobody-matches-this',
    `/members/${member}`,
    `/posts/${member}/${post.slug}`,
    '/posts/nobody/nothing',
    '/portfolio',
    '/portfolio?tag=Robotics',
    '/portfolio/open-quadruped',
    '/portfolio/open-quadruped?team=all',
    '/portfolio/no-such-project',
    '/login',
    '/register',
    '/forgot-password',
    '/set-password',
    '/reset-password',
    '/reset-password?oobCode=bogus',
    '/no-such-page',
    '/profile/delete?done=1',
    '/terms',
    '/privacy',
    '/resources',
    '/resources/cnc-router',
    '/resources/prusa-mk4?from=2026-10-25',
    '/resources/desktop-cnc-mill',
    `${baseUrl('broken')}/members`,
    `${baseUrl('empty')}/portfolio`,
  ];
  const vnu = vnuBatch();
  const save = async (url: string) => vnu.add(url, await (await page.request.get(url)).text());
  for (const url of signedOut) await save(url);

  // Registration step 2 needs the draft of a step 1.
  await reachStepTwo(page, freshMember());
  await save('/register?step=2');

  const newcomer = await register(page);
  const wholeHourAhead = new Date(
    Math.ceil(Date.now() / 3_600_000) * 3_600_000 + 2 * 86_400_000,
  ).toISOString();
  // An admin, so the admin pages are checked too.
  await admin(currentServer(), 'member', 'promote', newcomer.username);
  await signIn(page, newcomer);
  await expect(page).toHaveURL(/\/profile$/);
  const printer = seededDb().prepare("select id from resources where slug = 'prusa-mk4'").get() as {
    id: string;
  };
  // Their own booking, on a machine of its own: the demo's bookings fill the shared ones.
  const own = JSON.parse(await admin(currentServer(), 'fixture', 'resource', '{}')) as { slug: string };
  const booking = await admin(
    currentServer(),
    'fixture',
    'book',
    newcomer.username,
    own.slug,
    wholeHourAhead,
    '60',
  );
  // Booked two weeks ago too: its page shows its quiet hours.
  await admin(
    currentServer(),
    'fixture',
    'book',
    newcomer.username,
    own.slug,
    new Date(Date.parse(wholeHourAhead) - 16 * 86_400_000).toISOString(),
    '60',
  );
  // Time freed on it offered to them from the waiting list: the offer's page and /bookings' line.
  const holder = await fixtureMember('holder');
  const later = new Date(Date.parse(wholeHourAhead) + 2 * 3_600_000).toISOString();
  const held = await admin(currentServer(), 'fixture', 'book', holder.username, own.slug, later, '60');
  await page.request.post(`/resources/${own.slug}/wait`, { form: { start: later, minutes: '60' } });
  await admin(currentServer(), 'fixture', 'cancel', held);
  let offer = '';
  await expect(async () => {
    offer = /\/offers\/[\w-]+/.exec(await (await page.request.get('/bookings')).text())?.[0] ?? '';
    expect(offer).not.toBe('');
  }).toPass({ timeout: 15_000 });
  for (const url of [
    '/profile',
    '/profile?edit',
    '/posts/new',
    `/posts/edit/${post.id}`,
    `/posts/delete/${post.id}`,
    '/profile/delete',
    '/admin',
    '/admin/invites',
    '/admin/members',
    `/admin/posts/${post.id}/remove`,
    '/admin/projects',
    '/admin/projects/new',
    `/admin/projects/${project.id}/edit`,
    `/admin/projects/${project.id}/delete`,
    '/admin/log',
    '/admin/jobs',
    '/admin/strikes',
    '/admin/credits',
    // How the lab is used: every chart and table of the last 12 weeks; a machine's quiet hours.
    '/admin/usage?period=12-weeks',
    `/resources/${own.slug}`,
    // Requests waiting (the demo's, with its answers), and who decides them for a machine.
    '/approvals',
    `/admin/resources/${printer.id}/approvers`,
    // The lab's day, a day sheet, a resource's edit and maintenance pages, signing members off.
    '/admin/bookings',
    '/admin/bookings/sheet?resource=prusa-mk4',
    `/admin/resources/${printer.id}`,
    `/admin/resources/${printer.id}/maintenance`,
    '/inductions',
    `/bookings/${booking}/change`,
    // At the machine: their booking there.
    `/resources/${own.slug}/here`,
    // Without the CNC induction: the page offers to request it.
    '/resources/cnc-router',
    // 'Confirm booking' with its lengths, and refused (no CNC induction); the member's bookings.
    `/resources/prusa-mk4/book?start=${wholeHourAhead}`,
    `/resources/cnc-router/book?start=${wholeHourAhead}`,
    // 'Find the next free time': the form on a machine's page, and the times on it and its
    // equivalent (the demo's FDM printers).
    '/resources/prusa-mk4',
    '/resources/prusa-mk4/next-free?minutes=60',
    // The waiting list: joining it for a slot, the offer made to them, a machine's line.
    `/resources/prusa-mk4/wait?start=${wholeHourAhead}&minutes=60`,
    offer,
    `/admin/resources/${printer.id}/waitlist`,
    '/bookings',
    // Their credits: the demo's GPU tokens and their allowance.
    '/credits',
    '/',
  ])
    await save(url);
  // The QR code stuck on the machine, as an admin prints it.
  const qr = await page.request.get(`/admin/resources/${printer.id}/qr.svg`);
  expect(qr.headers()['content-type']).toMatch(/^image\/svg\+xml/);
  vnu.add('qr.svg', await qr.text(), 'svg');

  expect(vnu.errors()).toEqual([]);
  expect(vnu.size).toBe(signedOut.length + 42);
});
