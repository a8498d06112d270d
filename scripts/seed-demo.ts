// `npm run seed:demo`: a believable Dublin makerspace community. Idempotent: members and posts are
// upserted by username and slug, images are matched by content, projects go through the import.
// `npm run seed:demo -- --members 1000 --posts 10` adds that many more members with that many posts
// each, the community as it may grow (`npm run bench -- --members` measures the pages against it);
// `--history 365` books the demo lab's past year (scripts/demo/history.ts) for /admin/usage.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { db } from '../app/.server/db';
import { findAssetByContent, prepareAsset } from '../app/.server/assets';
import { upsertMember } from '../app/.server/store/members';
import { upsertPostBySlug } from '../app/.server/store/posts';
import { importProjectsFile } from '../app/.server/store/project-import';
import { demoMembers } from './demo/members';
import { demoProjects } from './demo/projects';
import { crowdSize } from './crowd';
import { seedHistory } from './demo/history';
import { DEMO_CREDIT, demoInductions, demoResources } from './demo/resources';
import { endHold, hold } from '../app/.server/bookings/standing/credits';
import { enqueue } from '../app/.server/jobs';
import type { Cost } from '../app/lib/bookings/credits';
import { whenText } from '../app/lib/bookings/format';
import { bookingRow } from '../app/.server/bookings/core/rows';
import { book } from '../app/.server/bookings/core/book';
import { joinWaitlist } from '../app/.server/bookings/core/waitlist';
import { termsOf } from '../app/lib/bookings/models';
import { cancelReminders, queueReminders } from '../app/.server/bookings/notify/reminders';
import { calendarBlocks, isClash, rulesColumns, rulesOf } from '../app/.server/bookings/core/rows';
import { allowedLengths, countingWeek, openingOn } from '../app/lib/bookings/rules';
import { config, isPostgresUrl } from '../app/.server/config';
import { addDays, addMinutes, labDayOf, labTime } from '../app/lib/bookings/time';

/** A demo member's address: aoife_byrne is aoife.byrne@demo.makerspace.ie. */
const demoEmail = (username: string) => `${username.replace('_', '.')}@demo.makerspace.ie`;

const hsl = (hue: number, s: number, l: number) => `hsl(${hue} ${s}% ${l}%)`;

function avatarSvg(hue: number) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400">
  <rect width="400" height="400" fill="${hsl(hue, 55, 82)}"/>
  <circle cx="330" cy="70" r="120" fill="${hsl(hue + 40, 60, 70)}" opacity="0.6"/>
  <circle cx="200" cy="165" r="78" fill="${hsl(hue, 35, 30)}"/>
  <path d="M60 400c10-90 70-140 140-140s130 50 140 140z" fill="${hsl(hue, 45, 38)}"/>
</svg>`;
}

function bannerSvg(hue: number, width = 1200, height = 300) {
  const waves = [0, 1, 2, 3, 4]
    .map(
      (i) =>
        `<path d="M0 ${120 + i * 40} C ${width * 0.25} ${60 + i * 45}, ${width * 0.6} ${220 + i * 20}, ${width} ${100 + i * 35} V ${height} H 0 Z" fill="${hsl(hue + i * 12, 60, 30 + i * 9)}" opacity="0.85"/>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="${hsl(hue, 40, 16)}"/>${waves}</svg>`;
}

function logoSvg(hue: number) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="192" height="192"><rect width="192" height="192" rx="40" fill="${hsl(hue, 65, 35)}"/><path d="M48 140 96 52l48 88z" fill="#fff" opacity="0.9"/></svg>`;
}

function renderSvg() {
  const traces = Array.from(
    { length: 14 },
    (_, i) =>
      `<path d="M${40 + i * 50} 40V${200 + (i % 4) * 40}H${700 - i * 20}" stroke="#d4a373" stroke-width="6" fill="none"/>`,
  ).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="500"><rect width="800" height="500" fill="#14532d"/>${traces}<rect x="300" y="180" width="200" height="140" rx="8" fill="#111827"/></svg>`;
}

const csv =
  'part,qty,unit_eur\ncarbon-fibre arm,4,6.20\nM3 heat-set insert,16,0.08\n2306 brushless motor,4,14.50\n45A ESC,4,11.00\nflight controller,1,39.00\n';
const notes =
  'Lab notes\n=========\n\n1. Check the grub screws before blaming the firmware.\n2. Write down every change.\n3. Clean the bed with IPA, not your sleeve.\n';

async function imageAsset(svg: string, filename: string, ownerId: string | null) {
  const bytes = await sharp(Buffer.from(svg)).png().toBuffer();
  return fileAsset(bytes, filename, ownerId, 'image');
}

async function fileAsset(
  bytes: Uint8Array,
  filename: string,
  ownerId: string | null,
  kind: 'image' | 'file' = 'file',
) {
  const existing = await findAssetByContent(db, bytes, filename, ownerId);
  if (existing) return existing.id;
  const asset = await prepareAsset({ bytes, filename, ownerId, kind });
  try {
    await db.insertInto('assets').values(asset.row).execute();
  } catch (error) {
    asset.discard();
    throw error;
  }
  return asset.row.id;
}

async function seed() {
  const attachments = {
    'bom.csv': Buffer.from(csv),
    'notes.txt': Buffer.from(notes),
    'render.png': await sharp(Buffer.from(renderSvg())).png().toBuffer(),
  };
  let posts = 0;
  for (const member of demoMembers) {
    const userId = await upsertMember(db, {
      username: member.username,
      email: demoEmail(member.username),
      fullname: member.fullname,
      bio: member.bio,
      qualifications: member.qualifications,
      avatarId: null,
      bannerId: null,
    });
    const avatarId = await imageAsset(avatarSvg(member.hue), `${member.username}-avatar.png`, userId);
    const bannerId = await imageAsset(bannerSvg(member.hue), `${member.username}-banner.png`, userId);
    await db
      .updateTable('users')
      .set({ avatar_id: avatarId, banner_id: bannerId })
      .where('id', '=', userId)
      .execute();
    for (const post of member.posts) {
      const fileId = post.attachment
        ? await fileAsset(
            attachments[post.attachment],
            post.attachment,
            userId,
            post.attachment.endsWith('.png') ? 'image' : 'file',
          )
        : null;
      await upsertPostBySlug(db, {
        userId,
        slug: post.slug,
        title: post.title,
        content: post.content,
        starred: post.starred ?? false,
        fileId,
        createdAt: post.date,
      });
      posts++;
    }
  }

  // Projects go through the admin import, images and all, from a temporary folder.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'makerspace-demo-'));
  try {
    const entries = [];
    for (const { hue, ...project } of demoProjects) {
      if (hue !== null) {
        fs.writeFileSync(
          path.join(dir, `${project.slug}-banner.png`),
          await sharp(Buffer.from(bannerSvg(hue, 1200, 600)))
            .png()
            .toBuffer(),
        );
        fs.writeFileSync(
          path.join(dir, `${project.slug}-logo.png`),
          await sharp(Buffer.from(logoSvg(hue)))
            .png()
            .toBuffer(),
        );
        entries.push({ ...project, banner: `${project.slug}-banner.png`, logo: `${project.slug}-logo.png` });
      } else {
        entries.push(project);
      }
    }
    fs.writeFileSync(path.join(dir, 'projects.json'), JSON.stringify(entries, null, 2));
    await importProjectsFile(db, path.join(dir, 'projects.json'));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  const bookings = await seedLab();
  const reminders = await db
    .selectFrom('jobs')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('kind', '=', 'reminder')
    .where('state', '=', 'queued')
    .executeTakeFirstOrThrow();
  return `demo data ready: ${demoMembers.length} members, ${posts} posts, ${demoProjects.length} projects, ${demoResources.length} resources, ${bookings} upcoming bookings (${Number(reminders.count)} reminders queued)`;
}

/** A machine drawn in the resource's colour: a frame, a gantry and a glowing work area. */
function resourceSvg(hue: number) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="960" height="600"><rect width="960" height="600" fill="${hsl(hue, 35, 18)}"/>
<rect x="160" y="110" width="640" height="400" rx="24" fill="${hsl(hue, 30, 30)}"/><rect x="220" y="170" width="520" height="280" rx="12" fill="${hsl(hue, 55, 62)}" opacity="0.85"/>
<rect x="200" y="140" width="560" height="26" rx="8" fill="${hsl(hue, 20, 75)}"/><rect x="450" y="166" width="60" height="120" rx="10" fill="${hsl(hue, 15, 88)}"/>
<circle cx="480" cy="320" r="44" fill="${hsl(hue + 30, 80, 70)}" opacity="0.7"/><rect x="160" y="510" width="640" height="30" rx="8" fill="${hsl(hue, 25, 12)}"/></svg>`;
}

/** A small deterministic random source, so a day's demo calendar is the same on every run. */
function random(seed: string) {
  let state = [...seed].reduce((hash, char) => (hash * 31 + char.charCodeAt(0)) >>> 0, 2166136261);
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/**
 * The lab's resources and inductions, upserted by slug, and demo bookings over the coming two weeks
 * relative to today: the ones a previous run made from now on are replaced, members' own stay.
 */
async function seedLab() {
  const now = new Date();
  const at = now.toISOString();
  const users = new Map(
    (await db.selectFrom('users').select(['id', 'username']).execute()).map((user) => [
      user.username,
      user.id,
    ]),
  );
  const inductionIds = new Map<string, string>();
  for (const induction of demoInductions) {
    const existing = await db
      .selectFrom('inductions')
      .select('id')
      .where('slug', '=', induction.slug)
      .executeTakeFirst();
    const id = existing?.id ?? crypto.randomUUID();
    const fields = {
      name: induction.name,
      description: induction.description,
      valid_months: induction.validMonths,
      updated_at: at,
    };
    if (existing) await db.updateTable('inductions').set(fields).where('id', '=', id).execute();
    else
      await db
        .insertInto('inductions')
        .values({ id, slug: induction.slug, created_at: at, ...fields })
        .execute();
    inductionIds.set(induction.slug, id);
    for (const username of induction.inductors) {
      const userId = users.get(username);
      if (userId)
        await db
          .insertInto('inductors')
          .values({ induction_id: id, user_id: userId, appointed_by: 'admin CLI', appointed_at: at })
          .onConflict((oc) => oc.doNothing())
          .execute();
    }
    // An inductor holds the induction they sign off (an admin signed them off).
    const signer = `@${induction.inductors[0]}`;
    const holders = [...new Set([...induction.inductors, ...induction.holders])];
    for (const [index, username] of holders.entries()) {
      const userId = users.get(username);
      if (!userId) continue;
      const signedOff = new Date(now.getTime() - (30 + index * 40) * 86_400_000);
      const expires = induction.validMonths
        ? new Date(signedOff.getTime() + induction.validMonths * 30 * 86_400_000)
        : null;
      await db
        .insertInto('member_inductions')
        .values({
          induction_id: id,
          user_id: userId,
          signed_off_by: induction.inductors.includes(username) ? 'admin CLI' : signer,
          signed_off_at: signedOff.toISOString(),
          note: 'Demo induction',
          expires_at: expires?.toISOString() ?? null,
        })
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
  }
  const credit = await seedCredit(at);
  let booked = 0;
  for (const [position, resource] of demoResources.entries()) {
    const cost: Cost | null = resource.tokensPerHour ? { credit, perHour: resource.tokensPerHour } : null;
    const existing = await db
      .selectFrom('resources')
      .select('id')
      .where('slug', '=', resource.slug)
      .executeTakeFirst();
    const id = existing?.id ?? crypto.randomUUID();
    const photoId = await imageAsset(resourceSvg(resource.hue), `${resource.slug}.png`, null);
    const fields = {
      name: resource.name,
      kind: resource.kind,
      description: resource.description,
      photo_id: photoId,
      status: resource.outOfService ? 'out_of_service' : 'available',
      status_reason: resource.outOfService ?? '',
      induction_id: resource.induction ? inductionIds.get(resource.induction)! : null,
      credit_id: cost ? credit.id : null,
      credits_per_hour: cost?.perHour ?? 0,
      equivalent_group: resource.equivalentGroup ?? '',
      approval_required: resource.approval ? 1 : 0,
      approval_questions: resource.approval?.questions.join('\n') ?? '',
      position,
      updated_at: at,
      ...rulesColumns(resource.rules),
    };
    if (existing) await db.updateTable('resources').set(fields).where('id', '=', id).execute();
    else
      await db
        .insertInto('resources')
        .values({ id, slug: resource.slug, created_at: at, ...fields })
        .execute();
    // Replace what an earlier run booked from now on, and the reminders it queued for it.
    await db.transaction().execute(async (trx) => {
      const replaced = trx
        .selectFrom('bookings')
        .select('id')
        .where('resource_id', '=', id)
        .where('uid', 'like', '%@demo')
        .where('ends_at', '>', at);
      const ids = (await replaced.execute()).map((row) => row.id);
      await cancelReminders(trx, ids, now);
      // What they held goes back to their members' lots before they go.
      for (const bookingId of ids)
        await endHold(trx, bookingId, {
          spend: 0,
          about: resource.name,
          reason: 'demo data replaced',
          actor: 'lab',
          now,
        });
      await trx.deleteFrom('bookings').where('id', 'in', replaced).execute();
    });
    for (const username of resource.approval?.approvers ?? [])
      await db
        .insertInto('approvers')
        .values({
          resource_id: id,
          user_id: users.get(username)!,
          appointed_by: 'admin CLI',
          appointed_at: at,
        })
        .onConflict((oc) => oc.doNothing())
        .execute();
    // Members who spent some of this month's tokens already, before the upcoming bookings hold theirs.
    if (cost)
      await spentDemo(cost, { id, name: resource.name, bufferMinutes: resource.rules.bufferMinutes }, now);
    // The request first: the demo's bookings then fill around it, its member's count starting at one.
    const requester = resource.approval ? users.get(resource.approval.pending)! : null;
    if (requester) await seedRequest(id, requester, now);
    const waiter = resource.slug === 'gpu-node' ? users.get(DEMO_MEMBER)! : null;
    if (waiter) await seedWait(id, waiter, now);
    if (!resource.busy) continue;
    const eligible = resource.induction
      ? demoInductions.find((induction) => induction.slug === resource.induction)!.holders
      : demoMembers.map((member) => member.username);
    // The member in line books none of it: within their limits, a cancel there is offered to them.
    const members = eligible
      .map((username) => users.get(username))
      .filter((userId) => userId !== undefined && userId !== waiter);
    const rules = resource.rules;
    const today = labDayOf(now);
    const blocks = await calendarBlocks(db, id, now, addMinutes(now, 15 * 1440), null);
    // The demo obeys its own rules: no member past the resource's upcoming bookings (or the lab's
    // default) or its hours in a lab week; a slot whose drawn member is at a limit goes to the next.
    const maxUpcoming = rules.maxUpcoming ?? config.BOOKING_MAX_UPCOMING;
    const upcoming = new Map<string, number>(requester ? [[requester, 1]] : []);
    const weekMinutes = new Map<string, number>();
    const fitsLimits = (userId: string, start: Date, minutes: number) =>
      (upcoming.get(userId) ?? 0) < maxUpcoming &&
      (rules.maxWeekMinutes === null ||
        (weekMinutes.get(`${userId}:${countingWeek(start).start.toISOString()}`) ?? 0) + minutes <=
          rules.maxWeekMinutes);
    for (let offset = 0; offset < 14; offset++) {
      const day = addDays(today, offset);
      const opening = openingOn(rules.hours, day);
      if (!opening) continue;
      const roll = random(`${resource.slug}:${day}`);
      for (let start = opening.start; start < opening.end; start = addMinutes(start, rules.slotMinutes)) {
        if (start < addMinutes(now, rules.noticeMinutes) || roll() > resource.busy / 3) continue;
        const lengths = allowedLengths(rules, start, blocks, null);
        if (!lengths.length) continue;
        const minutes = lengths[Math.floor(roll() * Math.min(lengths.length, 6))]!;
        const end = addMinutes(start, minutes);
        const drawn = Math.floor(roll() * members.length);
        const userId = members
          .map((_, index) => members[(drawn + index) % members.length]!)
          .find((candidate) => fitsLimits(candidate, start, minutes));
        if (!userId) continue;
        const values = bookingRow({
          resourceId: id,
          kind: 'booking',
          userId,
          start,
          end,
          bufferMinutes: rules.bufferMinutes,
          now,
          uidDomain: 'demo',
          terms: termsOf(rules),
        });
        try {
          // Reminded like any booking: queued in the transaction that makes it (as book() does).
          await db.transaction().execute(async (trx) => {
            await trx.insertInto('bookings').values(values).execute();
            await queueReminders(trx, { id: values.id, start: values.starts_at, sequence: 0 }, now);
            if (cost) await holdDemo(trx, values, cost, resource.name, now);
          });
        } catch (error) {
          if (!isClash(error)) throw error;
          continue;
        }
        upcoming.set(userId, (upcoming.get(userId) ?? 0) + 1);
        const week = `${userId}:${countingWeek(start).start.toISOString()}`;
        weekMinutes.set(week, (weekMinutes.get(week) ?? 0) + minutes);
        blocks.push({
          kind: 'booking',
          mine: false,
          start,
          end,
          blockedUntil: addMinutes(end, rules.bufferMinutes),
        });
        booked++;
      }
    }
  }
  return booked;
}

/**
 * A member in line for the GPU node (the waiting list): any 2 hours between 09:00 and 18:00 two days
 * on, joined as a member joins. An earlier run's open wait stays (joining again changes nothing).
 */
async function seedWait(resourceId: string, userId: string, now: Date) {
  const day = addDays(labDayOf(now), 2);
  await joinWaitlist(db, {
    resourceId,
    userId,
    from: labTime(day, 9 * 60),
    to: labTime(day, 18 * 60),
    minMinutes: 120,
    now,
  });
}

/**
 * A request waiting for approval, made as a member makes one (book(): the slot held, the approvers
 * mailed): the first free hour from three days on. Nothing when every start there is taken.
 */
async function seedRequest(resourceId: string, userId: string, now: Date) {
  // One is enough: an earlier run's request still waiting stays.
  const waiting = await db
    .selectFrom('bookings')
    .select('id')
    .where('resource_id', '=', resourceId)
    .where('user_id', '=', userId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  if (waiting) return;
  const day = addDays(labDayOf(now), 3);
  for (let minutes = 9 * 60; minutes < 17 * 60; minutes += 30) {
    const outcome = await book(db, {
      resourceId,
      userId,
      start: labTime(day, minutes),
      minutes: 60,
      note: 'Transformation of competent cells',
      answers: ['E. coli DH5α, BSL-1', 'LB agar, ampicillin', 'Autoclave, then general waste'],
      now,
    });
    if (outcome.status === 'booked' || outcome.status === 'refused') return;
  }
}

/** The demo's credit, upserted by name: GPU tokens, with their monthly allowance. */
async function seedCredit(at: string) {
  const existing = await db
    .selectFrom('credits')
    .select('id')
    .where('name', '=', DEMO_CREDIT.name)
    .executeTakeFirst();
  const id = existing?.id ?? crypto.randomUUID();
  const fields = { unit: DEMO_CREDIT.unit, monthly_allowance: DEMO_CREDIT.monthlyAllowance, updated_at: at };
  if (existing) await db.updateTable('credits').set(fields).where('id', '=', id).execute();
  else
    await db
      .insertInto('credits')
      .values({ id, name: DEMO_CREDIT.name, created_at: at, ...fields })
      .execute();
  return { id, ...DEMO_CREDIT };
}

/**
 * A demo booking holds its cost as book() makes it (what the member has, at most: the demo draws
 * bookings without asking), and its settlement is queued for its end.
 */
async function holdDemo(
  trx: typeof db,
  row: ReturnType<typeof bookingRow>,
  cost: Cost,
  resource: string,
  now: Date,
) {
  const start = new Date(row.starts_at);
  const minutes = (Date.parse(row.ends_at) - start.getTime()) / 60_000;
  await hold(trx, {
    bookingId: row.id,
    userId: row.user_id!,
    cost,
    start,
    amount: Math.ceil((cost.perHour * minutes) / 60),
    about: `${resource}, ${whenText({ start: row.starts_at, end: row.ends_at })}`,
    actor: 'member',
    partial: true,
    now,
  });
  await enqueue(trx, {
    kind: 'credits-settle',
    key: `credits-settle:${row.id}:0`,
    subject: `booking:${row.id}`,
    runAt: new Date(row.ends_at),
    payload: { bookingId: row.id },
  });
}

/** Three members spent some of this month's tokens: a run on `resource` yesterday, used in full. */
async function spentDemo(
  cost: Cost,
  resource: { id: string; name: string; bufferMinutes: number },
  now: Date,
) {
  const start = labTime(addDays(labDayOf(now), -1), 10 * 60);
  for (const [index, member] of demoMembers.slice(0, 3).entries()) {
    const user = await db
      .selectFrom('users')
      .select('id')
      .where('username', '=', member.username)
      .executeTakeFirst();
    if (!user) continue;
    const from = addMinutes(start, index * 180);
    const row = bookingRow({
      resourceId: resource.id,
      kind: 'booking',
      userId: user.id,
      start: from,
      end: addMinutes(from, 120),
      bufferMinutes: resource.bufferMinutes,
      now: addMinutes(from, -1440),
      uidDomain: 'demo',
      terms: { cancelCutoffMinutes: 0, checkInGraceMinutes: null },
    });
    try {
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('bookings').values(row).execute();
        await holdDemo(trx, row, cost, resource.name, addMinutes(from, -1440));
        await endHold(trx, row.id, { about: resource.name, reason: 'ended', actor: 'lab', now });
      });
    } catch (error) {
      // Made by an earlier run today.
      if (!isClash(error)) throw error;
    }
  }
}

/**
 * `members` more members (crowd_0000, ...) with `posts` posts each, a member and their posts in one
 * transaction. Posts carry a few paragraphs, as real ones do, so a page that loads post bodies shows
 * it; members have no images (their cards show the initials avatar).
 */
async function seedCrowd(members: number, posts: number) {
  const paragraph =
    'Spent the evening on the bench again: re-tuned the PID loop, swapped the bearings for sealed ones and logged every run to the shared sheet. Next week the enclosure goes to the CNC.';
  const day = 24 * 60 * 60 * 1000;
  for (let i = 0; i < members; i++) {
    const username = `crowd_${String(i).padStart(4, '0')}`;
    await db.transaction().execute(async (trx) => {
      const userId = await upsertMember(trx, {
        username,
        email: `${username}@crowd.makerspace.ie`,
        fullname: `Crowd Member ${i}`,
        bio: `Founder number ${i} at the lab, building hardware one prototype at a time.`,
        qualifications: ['Hardware Founder', 'BEng, University College Dublin'],
        avatarId: null,
        bannerId: null,
      });
      for (let j = 0; j < posts; j++) {
        await upsertPostBySlug(trx, {
          userId,
          slug: `lab-log-${j + 1}`,
          title: `Lab log ${j + 1} from ${username}`,
          content: Array.from({ length: 4 }, () => paragraph).join('\n\n'),
          starred: j === 0,
          fileId: null,
          createdAt: new Date(Date.UTC(2026, 0, 1) + (i * posts + j) * (day / 24)).toISOString(),
        });
      }
    });
  }
  const booked = members ? await seedCrowdBookings(members) : 0;
  return members ? `, and ${members} more members with ${posts} posts and ${booked} bookings each` : '';
}

/** Bookings each crowd member holds, and over how many days from today they are spread. */
const CROWD_BOOKINGS = 20;
const CROWD_DAYS = 90;
const CROWD_PRINTERS = 10;

/**
 * CROWD_BOOKINGS bookings for each crowd member over the next CROWD_DAYS days, on CROWD_PRINTERS
 * printers of the crowd's own (any time, 30-minute slots, bookable CROWD_DAYS ahead): 20,000
 * bookings of 1,000 members could not fit the demo's machines. Every other slot, in turn across the
 * printers, so none clash; the demo resources' pages read a bookings table that large.
 */
async function seedCrowdBookings(members: number) {
  const at = new Date().toISOString();
  const now = new Date();
  const printers: string[] = [];
  for (let i = 0; i < CROWD_PRINTERS; i++) {
    const slug = `crowd-printer-${String(i + 1).padStart(2, '0')}`;
    const existing = await db
      .selectFrom('resources')
      .select('id')
      .where('slug', '=', slug)
      .executeTakeFirst();
    const id = existing?.id ?? crypto.randomUUID();
    if (existing) await db.deleteFrom('bookings').where('resource_id', '=', id).execute();
    else
      await db
        .insertInto('resources')
        .values({
          id,
          slug,
          name: `Crowd printer ${i + 1}`,
          kind: 'fabrication',
          description: 'A printer of the grown community the bench measures against.',
          position: 100 + i,
          created_at: at,
          updated_at: at,
          ...rulesColumns({
            slotMinutes: 30,
            minMinutes: 30,
            maxMinutes: 240,
            bufferMinutes: 0,
            hours: 'any',
            noticeMinutes: 0,
            horizonDays: CROWD_DAYS + 1,
            cancelCutoffMinutes: 0,
            maxUpcoming: null,
            maxWeekMinutes: null,
          }),
        })
        .execute();
    printers.push(id);
  }
  const users = await db
    .selectFrom('users')
    .select('id')
    .where('username_key', 'like', 'crowd_%')
    .orderBy('username_key')
    .limit(members)
    .execute();
  const first = labTime(addDays(labDayOf(now), 1), 0);
  let rows: ReturnType<typeof bookingRow>[] = [];
  let booked = 0;
  for (const [m, user] of users.entries()) {
    for (let b = 0; b < CROWD_BOOKINGS; b++) {
      const k = m * CROWD_BOOKINGS + b;
      const start = addMinutes(first, Math.floor(k / CROWD_PRINTERS) * 60);
      rows.push(
        bookingRow({
          resourceId: printers[k % CROWD_PRINTERS]!,
          kind: 'booking',
          userId: user.id,
          start,
          end: addMinutes(start, 30),
          bufferMinutes: 0,
          now,
          uidDomain: 'demo',
        }),
      );
      if (rows.length === 500) {
        await db.insertInto('bookings').values(rows).execute();
        booked += rows.length;
        rows = [];
      }
    }
  }
  if (rows.length) await db.insertInto('bookings').values(rows).execute();
  return Math.round((booked + rows.length) / Math.max(1, users.length));
}

/**
 * The lab's past (`--history DAYS`): every busy demo resource booked over those days by the members
 * who may book it, the crowd included (scripts/demo/history.ts).
 */
async function seedPast(days: number) {
  if (!days) return '';
  const users = new Map(
    (await db.selectFrom('users').select(['id', 'username']).execute()).map((u) => [u.username, u.id]),
  );
  const everyone = [...users.values()];
  const resources = [];
  for (const resource of demoResources) {
    // Its rules as the store has them now (an admin may have turned check-in on).
    const row = await db
      .selectFrom('resources')
      .selectAll()
      .where('slug', '=', resource.slug)
      .executeTakeFirst();
    if (!row) continue;
    const holders = resource.induction
      ? demoInductions.find((induction) => induction.slug === resource.induction)!.holders
      : null;
    resources.push({
      id: row.id,
      slug: resource.slug,
      rules: rulesOf(row),
      busy: resource.busy,
      members: holders ? holders.flatMap((username) => users.get(username) ?? []) : everyone,
    });
  }
  const written = await seedHistory(db, resources, days, random);
  return `, and ${written} bookings over the ${days} days before today`;
}

/** The demo member to sign in as, and a different one to make admin, so each side has its own. */
const DEMO_MEMBER = 'kofi_mensah';
const DEMO_ADMIN = 'aoife_byrne';

/**
 * Where the site that reads this store answers, and who to be on each side of it. Demo members have
 * no password: without SMTP_URL the server prints the set-password link.
 */
function tryItOut() {
  const site = config.PUBLIC_URL;
  // DATABASE_URL is not printed: it may hold a password.
  const database = config.DATABASE_URL
    ? ` and the ${isPostgresUrl(config.DATABASE_URL) ? 'PostgreSQL database' : 'SQLite file'} in DATABASE_URL`
    : '';
  const inductors = demoInductions.map(
    (induction) => `${induction.inductors.join(', ')} (${induction.name})`,
  );
  return [
    `Filled DATA_DIR ${config.DATA_DIR}${database}.`,
    `The site on it: ${site} (npm start with the same settings; it listens on port ${config.PORT}).`,
    'Demo members (first.last@demo.makerspace.ie) have no password: ask ' +
      `${site}/set-password for their address (without SMTP_URL the server prints the link), then sign in at ${site}/login.`,
    `  a member:   ${DEMO_MEMBER} (${demoEmail(DEMO_MEMBER)})`,
    `  the admin:  ${DEMO_ADMIN} (${demoEmail(DEMO_ADMIN)}), once: npm run admin -- member promote ${DEMO_ADMIN}`,
    `  inductors:  ${inductors.join('; ')}`,
    'Run the admin CLI with the same DATA_DIR (and DATABASE_URL) as the site.',
  ].join('\n');
}

try {
  const crowd = crowdSize(process.argv.slice(2));
  console.log(
    (await seed()) + (await seedCrowd(crowd.members, crowd.posts)) + (await seedPast(crowd.history ?? 0)),
  );
  console.log(tryItOut());
} catch (error) {
  console.error(`seed failed: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await db.destroy();
}
