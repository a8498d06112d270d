// Two requests at once (docs/decisions/024-bookings-never-clash.md): the database decides. Run on
// SQLite (js) and, tagged @store, on PostgreSQL through nginx over two instances (cluster-js),
// where the requests land on both instances. Members are made in the store, not registered.
import ICAL from 'ical.js';
import { addDays, labDayOf, labTime } from '../../app/lib/bookings/time';
import {
  admin,
  fixtureApprover,
  fixtureBooking,
  fixtureCredits,
  fixtureCancel,
  fixtureMember,
  fixtureOfferDue,
  fixtureRequestDue,
  fixtureResource,
} from '../support/admin';
import { currentServer } from '../support/servers';
import { expect, test } from './fixtures';
import { signedInAdmin } from './accounts';

const RACE = { tag: ['@store', '@http'] };

// One race at a time, in one worker: behind nginx one address may hold 32 connections at once
// (deploy/nginx/proxy.conf), and two races side by side would be refused 429 there.
test.describe.configure({ mode: 'default' });

/** The active bookings on a resource's public feed. */
async function busyTimes(request: import('@playwright/test').APIRequestContext, slug: string) {
  const feed = await (await request.get(`/resources/${slug}/calendar.ics`)).text();
  return new ICAL.Component(ICAL.parse(feed))
    .getAllSubcomponents('vevent')
    .filter((event) => event.getFirstPropertyValue('status') === 'CONFIRMED')
    .map((event) => (event.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate().toISOString());
}

test(
  '20 members confirm one slot at the same moment: one booking, 19 are told it was just taken',
  RACE,
  async ({ request }) => {
    const resource = await fixtureResource({ name: 'Race printer' });
    const members = await Promise.all(Array.from({ length: 20 }, () => fixtureMember('race')));
    const start = labTime(addDays(labDayOf(new Date()), 2), 600).toISOString();
    const answers = await Promise.all(
      members.map((member) =>
        request.post(`/resources/${resource.slug}/book?start=${encodeURIComponent(start)}`, {
          form: { start, minutes: '60', note: `Jig for ${member.username}` },
          headers: { Cookie: member.cookie },
          maxRedirects: 0,
        }),
      ),
    );
    const won = answers.filter((answer) => answer.status() === 302);
    expect(won).toHaveLength(1);
    expect(won[0]!.headers().location).toBe('/bookings?notice=booked');
    const lost = answers.filter((answer) => answer.status() === 409);
    expect(answers.map((answer) => answer.status()).sort()).toEqual([302, ...Array<number>(19).fill(409)]);
    expect(lost).toHaveLength(19);
    for (const answer of lost) {
      const page = await answer.text();
      expect(page).toContain('That slot was just taken.');
      // The loser's note goes with the nearby free starts offered.
      const member = members[answers.indexOf(answer)]!;
      expect(page).toMatch(new RegExp(`/book\\?start=[^"]+&amp;note=Jig\\+for\\+${member.username}"`));
      expect(page).toContain(`Your note goes with the time you pick: “Jig for ${member.username}”`);
    }
    expect(await busyTimes(request, resource.slug)).toEqual([start]);
  },
);

test(
  'a member allowed 3 upcoming bookings sends 10 at once: exactly 3 are made',
  RACE,
  async ({ request }) => {
    const resource = await fixtureResource({ name: 'Limit printer', rules: { maxUpcoming: 3 } });
    const member = await fixtureMember('limit');
    const day = addDays(labDayOf(new Date()), 3);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        request.post(`/resources/${resource.slug}/book`, {
          form: { start: labTime(day, 60 * index).toISOString(), minutes: '30', note: '' },
          headers: { Cookie: member.cookie },
          maxRedirects: 0,
        }),
      ),
    );
    expect(answers.filter((answer) => answer.status() === 302)).toHaveLength(3);
    const refused = answers.filter((answer) => answer.status() === 422);
    expect(refused).toHaveLength(7);
    expect(await refused[0]!.text()).toContain(
      'You already have 3 upcoming bookings here, the most allowed.',
    );
    expect(await busyTimes(request, resource.slug)).toHaveLength(3);
  },
);

test(
  'a member with 3 tokens confirms 8 bookings costing 3 at once: one is booked, 7 are told what they need',
  RACE,
  async ({ request }) => {
    const member = await fixtureMember('tokens');
    const { credit, slug } = await fixtureCredits(member.username, {
      perHour: 3,
      grant: 3,
      rules: { maxUpcoming: 20 },
    });
    const day = addDays(labDayOf(new Date()), 3);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        request.post(`/resources/${slug}/book`, {
          form: { start: labTime(day, 60 * index).toISOString(), minutes: '60', note: '' },
          headers: { Cookie: member.cookie },
          maxRedirects: 0,
        }),
      ),
    );
    expect(answers.map((answer) => answer.status()).sort()).toEqual([302, ...Array<number>(7).fill(422)]);
    for (const answer of answers.filter((answer) => answer.status() === 422))
      expect(await answer.text()).toContain(`You need 3 ${credit} for this and have 0.`);
    expect(await busyTimes(request, slug)).toHaveLength(1);
    const mine = await request.get('/credits', { headers: { Cookie: member.cookie } });
    expect((await mine.text()).replaceAll('<!-- -->', '')).toContain(`Available now: 0 ${credit}`);
  },
);

test(
  'an admin sends the same grant to every member twice at once: it is granted once',
  RACE,
  async ({ page, request }) => {
    const member = await fixtureMember('granted');
    const { credit, creditId } = await fixtureCredits(member.username);
    await signedInAdmin(page);
    // One form, its key drawn with the page, sent twice (a double click through two instances).
    const form = {
      intent: 'grant-all',
      credit: creditId,
      amount: '2',
      reason: 'Demo day',
      expires: '',
      key: crypto.randomUUID(),
    };
    const answers = await Promise.all(
      [1, 2].map(() => page.request.post('/admin/credits', { form, maxRedirects: 0 })),
    );
    const places = answers.map((answer) => answer.headers().location).sort();
    expect(places[0]).toBe('/admin/credits?done=already');
    expect(places[1]).toMatch(/^\/admin\/credits\?done=granted-all&n=\d+$/);
    const mine = await request.get('/credits', { headers: { Cookie: member.cookie } });
    expect((await mine.text()).replaceAll('<!-- -->', '')).toContain(`Available now: 2 ${credit}`);
  },
);

test(
  'staff cancel a booking that ran to its end while it is settled: one of the two ends its hold, each round',
  RACE,
  async ({ page, request }) => {
    await signedInAdmin(page);
    for (let round = 0; round < 3; round++) {
      const member = await fixtureMember('settled');
      // Ended an hour ago: its settlement job is due at once on either instance's worker.
      const start = new Date(Math.floor(Date.now() / 1_800_000) * 1_800_000 - 2 * 3_600_000);
      const { credit, bookingId } = await fixtureCredits(member.username, {
        perHour: 2,
        grant: 10,
        book: { start: start.toISOString(), minutes: 60 },
      });
      await Promise.all([
        page.request.post('/admin/bookings', {
          form: { bookingId: bookingId!, reason: 'Machine fault' },
          maxRedirects: 0,
        }),
        admin(currentServer(), 'fixture', 'settle', bookingId!),
      ]);
      const credits = async () =>
        (await (await request.get('/credits', { headers: { Cookie: member.cookie } })).text()).replaceAll(
          '<!-- -->',
          '',
        );
      await expect.poll(credits).toContain('None: no booking of yours holds any.');
      const text = await credits();
      // Released (10 back) or spent (8 left), never both.
      const ends = [...text.matchAll(/>(Released|Spent): /g)].map((match) => match[1]);
      expect(ends).toHaveLength(1);
      expect(text).toContain(`Available now: ${ends[0] === 'Released' ? 10 : 8} ${credit}`);
    }
  },
);

test(
  'one member confirms the same slot in two tabs at once: one booking, the other says so',
  RACE,
  async ({ request }) => {
    const resource = await fixtureResource({ name: 'Two tabs printer' });
    const member = await fixtureMember('tabs');
    const start = labTime(addDays(labDayOf(new Date()), 2), 600).toISOString();
    const answers = await Promise.all(
      [1, 2].map(() =>
        request.post(`/resources/${resource.slug}/book?start=${encodeURIComponent(start)}`, {
          form: { start, minutes: '60', note: '' },
          headers: { Cookie: member.cookie },
          maxRedirects: 0,
        }),
      ),
    );
    expect(answers.map((answer) => answer.status()).sort()).toEqual([302, 409]);
    const second = await answers.find((answer) => answer.status() === 409)!.text();
    expect(second).toContain('You already booked this.');
    expect(second).not.toContain('That slot was just taken.');
    expect(await busyTimes(request, resource.slug)).toEqual([start]);
  },
);

test(
  'one member cancels while ten book the freed slot: the cancel stands, at most one of the ten wins',
  RACE,
  async ({ request }) => {
    const resource = await fixtureResource({ name: 'Rebook printer' });
    const [holder, ...members] = await Promise.all(Array.from({ length: 11 }, () => fixtureMember('rebook')));
    const start = labTime(addDays(labDayOf(new Date()), 2), 600).toISOString();
    const held = await fixtureBooking(holder!.username, resource.slug, start, 60);
    const post = (path: string, cookie: string, form: Record<string, string> = {}) =>
      request.post(path, { form, headers: { Cookie: cookie }, maxRedirects: 0 });
    const [cancel, ...answers] = await Promise.all([
      post(`/bookings/${held}/cancel`, holder!.cookie),
      ...members.map((member) =>
        post(`/resources/${resource.slug}/book?start=${encodeURIComponent(start)}`, member.cookie, {
          start,
          minutes: '60',
          note: '',
        }),
      ),
    ]);
    expect(cancel!.status()).toBe(302);
    const statuses = answers.map((answer) => answer.status());
    // Each booking either came after the cancel (one wins) or met the holder's booking: no errors.
    expect(statuses.filter((status) => status !== 302 && status !== 409)).toEqual([]);
    expect(statuses.filter((status) => status === 302).length).toBeLessThanOrEqual(1);
    const booked = statuses.filter((status) => status === 302).length;
    expect(await busyTimes(request, resource.slug)).toEqual(booked ? [start] : []);
  },
);

test(
  'ten members request one slot of a machine that needs approval: one request holds it',
  RACE,
  async ({ request }) => {
    const resource = await fixtureResource({ name: 'Race hood', approval: [] });
    const members = await Promise.all(Array.from({ length: 10 }, () => fixtureMember('ask')));
    const start = labTime(addDays(labDayOf(new Date()), 3), 600).toISOString();
    const answers = await Promise.all(
      members.map((member) =>
        request.post(`/resources/${resource.slug}/book?start=${encodeURIComponent(start)}`, {
          form: { start, minutes: '60', note: '' },
          headers: { Cookie: member.cookie },
          maxRedirects: 0,
        }),
      ),
    );
    expect(answers.map((answer) => answer.status()).sort()).toEqual([302, ...Array<number>(9).fill(409)]);
    expect(answers.find((answer) => answer.status() === 302)!.headers().location).toBe(
      '/bookings?notice=requested',
    );
  },
);

test(
  'two approvers and the expiry on one request at the same moment: exactly one outcome',
  RACE,
  async ({ request }) => {
    for (let round = 0; round < 3; round++) {
      const resource = await fixtureResource({ name: 'Decided hood', approval: [] });
      const [member, first, second] = await Promise.all([
        fixtureMember('asker'),
        fixtureMember('approver'),
        fixtureMember('approver'),
      ]);
      await Promise.all([
        fixtureApprover(first!.username, resource.slug),
        fixtureApprover(second!.username, resource.slug),
      ]);
      const start = labTime(addDays(labDayOf(new Date()), 3), 600).toISOString();
      const asked = await request.post(
        `/resources/${resource.slug}/book?start=${encodeURIComponent(start)}`,
        {
          form: { start, minutes: '60', note: '' },
          headers: { Cookie: member.cookie },
          maxRedirects: 0,
        },
      );
      expect(asked.status()).toBe(302);
      const mine = await (await request.get('/bookings', { headers: { Cookie: member.cookie } })).text();
      const id = /\/bookings\/([\w-]+)\/cancel/.exec(mine)![1]!;
      const decide = (cookie: string, form: Record<string, string>) =>
        request.post('/approvals', { form: { requestId: id, ...form }, headers: { Cookie: cookie } });
      // The deadline brought to now: the worker's job is due as the two approvers press.
      const [approve, decline] = await Promise.all([
        decide(first!.cookie, { intent: 'approve' }),
        decide(second!.cookie, { intent: 'decline', reason: 'Full that week' }),
        fixtureRequestDue(id),
      ]);
      const statuses = [approve.status(), decline.status()];
      expect(statuses.filter((status) => status !== 200 && status !== 409)).toEqual([]);
      // At most one approver decided; the other (or both, when the expiry came first) was told who did.
      expect(statuses.filter((status) => status === 200).length).toBeLessThanOrEqual(1);
      for (const answer of [approve, decline])
        if (answer.status() === 409)
          expect(await answer.text()).toContain('Someone else decided this request:');
      // The member's page shows one outcome (the expiry job runs within a second or two if it won).
      await expect(async () => {
        const page = await (await request.get('/bookings', { headers: { Cookie: member.cookie } })).text();
        const outcomes = [
          page.includes('Waiting for approval'),
          page.includes('Declined by'),
          page.includes('Expired: nobody decided in time'),
          /Withdraw request|Cancel booking|Release this booking/.test(page) && !page.includes('Waiting'),
        ];
        expect(outcomes[0]).toBe(false);
        expect(outcomes.filter(Boolean)).toHaveLength(1);
      }).toPass({ timeout: 15_000 });
    }
  },
);

/**
 * An offer of freed time to a member in line: a resource, a booking in the way of `waiter`'s wait
 * for its slot, cancelled, and the offer the worker made (its id, from the waiter's /bookings).
 */
async function offerFor(request: import('@playwright/test').APIRequestContext, name: string) {
  const resource = await fixtureResource({ name });
  const [holder, waiter] = await Promise.all([fixtureMember('holder'), fixtureMember('waiter')]);
  const start = labTime(addDays(labDayOf(new Date()), 3), 600).toISOString();
  const held = await fixtureBooking(holder.username, resource.slug, start, 60);
  const joined = await request.post(`/resources/${resource.slug}/wait`, {
    form: { start, minutes: '60' },
    headers: { Cookie: waiter.cookie },
    maxRedirects: 0,
  });
  expect(joined.headers().location).toBe('/bookings?notice=waiting');
  await fixtureCancel(held);
  let offerId = '';
  await expect(async () => {
    const page = await (await request.get('/bookings', { headers: { Cookie: waiter.cookie } })).text();
    offerId = /\/offers\/([\w-]+)/.exec(page)?.[1] ?? '';
    expect(offerId).not.toBe('');
  }).toPass({ timeout: 15_000 });
  return { waiter, offerId };
}

test(
  'one offer taken in two tabs at once, and by another member: one booking, the tab told, the other 404',
  RACE,
  async ({ request }) => {
    const { waiter, offerId } = await offerFor(request, 'Offered printer');
    const other = await fixtureMember('other');
    const take = (cookie: string) =>
      request.post(`/offers/${offerId}`, {
        form: { intent: 'take' },
        headers: { Cookie: cookie },
        maxRedirects: 0,
      });
    const answers = await Promise.all([take(waiter.cookie), take(waiter.cookie), take(other.cookie)]);
    expect(answers.map((answer) => answer.status()).sort()).toEqual([302, 404, 409]);
    expect(answers.find((answer) => answer.status() === 302)!.headers().location).toBe(
      '/bookings?notice=booked',
    );
    expect(await answers.find((answer) => answer.status() === 409)!.text()).toContain(
      'You took this time: it is in My bookings.',
    );
  },
);

test(
  'a take at the moment the offer ends, and the worker ending it: exactly one outcome, each round',
  RACE,
  async ({ request }) => {
    for (let round = 0; round < 3; round++) {
      const { waiter, offerId } = await offerFor(request, 'Lapsing printer');
      // The end brought to now as the member presses 'Take it': the worker's lapse is due at once.
      const [taken] = await Promise.all([
        request.post(`/offers/${offerId}`, {
          form: { intent: 'take' },
          headers: { Cookie: waiter.cookie },
          maxRedirects: 0,
        }),
        fixtureOfferDue(offerId),
      ]);
      const ended = 'This offer ended before it was taken: the time went to the next in line.';
      if (taken.status() === 302) expect(taken.headers().location).toBe('/bookings?notice=booked');
      else {
        expect(taken.status()).toBe(409);
        expect(await taken.text()).toContain(ended);
      }
      // Its page, once the worker has run, says the one outcome the take was told.
      await expect(async () => {
        const page = await (
          await request.get(`/offers/${offerId}`, { headers: { Cookie: waiter.cookie } })
        ).text();
        expect(page).toContain(taken.status() === 302 ? 'You took this time: it is in My bookings.' : ended);
      }).toPass({ timeout: 15_000 });
    }
  },
);
