// 'Download my data' (docs/product.md §2): one ZIP with the member's profile and posts as JSON and
// every file they uploaded, written as the files are read and only as fast as the client takes
// them (server/remix-http.ts); a download the client leaves stops reading its file.
import { PassThrough } from 'node:stream';
import type { Kysely } from 'kysely';
import { files } from './assets';
import type { Database } from './db/schema';
import { ORIGINAL } from './file-store';
import { removalNotices } from './admin/moderation';
import { bookingsIn } from './bookings';
import { parseList } from './store/rows';
import { safeFilename } from '~/lib/files';

interface ArchiveFile {
  path: string;
  assetId: string;
}

/** Everything the archive holds for a member: JSON documents and the files to copy in. Null when there is no such member. */
export async function memberData(db: Kysely<Database>, memberId: string, publicUrl: string) {
  const member = await db
    .selectFrom('users')
    .select([
      'id',
      'username',
      'fullname',
      'email',
      'bio',
      'qualifications',
      'role',
      'hidden',
      'avatar_id',
      'banner_id',
      'created_at',
      'updated_at',
    ])
    .where('id', '=', memberId)
    .executeTakeFirst();
  if (!member) return null;
  const [posts, projects, removals, booking, credits] = await Promise.all([
    db.selectFrom('posts').selectAll().where('user_id', '=', member.id).orderBy('created_at').execute(),
    db
      .selectFrom('project_members')
      .innerJoin('projects', 'projects.id', 'project_members.project_id')
      .select(['projects.name', 'projects.slug', 'project_members.role'])
      .where('project_members.user_id', '=', member.id)
      .orderBy('projects.name')
      .execute(),
    removalNotices(db, member.id),
    bookingData(db, member.id),
    bookingsIn(db).credits.exportOf(member.id),
  ]);
  const ids = [member.avatar_id, member.banner_id, ...posts.map((post) => post.file_id)].filter(
    (id): id is string => Boolean(id),
  );
  const assets = ids.length
    ? await db.selectFrom('assets').select(['id', 'filename']).where('id', 'in', ids).execute()
    : [];
  // Each sits in a folder of its own; names are made safe again for rows stored before the rule
  // covered invisible characters and dot-only names ('..' would be a ZIP path segment).
  const names = new Map(assets.map((asset) => [asset.id, safeFilename(asset.filename)]));
  const archived: ArchiveFile[] = [];
  const fileFor = (folder: string, assetId: string | null) => {
    if (!assetId) return null;
    const path = `files/${folder}/${names.get(assetId) ?? 'file'}`;
    archived.push({ path, assetId });
    return path;
  };
  const base = `${publicUrl}/members/${member.username.toLowerCase()}`;
  const profile = {
    exported_at: new Date().toISOString(),
    username: member.username,
    fullname: member.fullname,
    email: member.email,
    bio: member.bio,
    qualifications: parseList(member.qualifications),
    role: member.role,
    hidden_from_directory: member.hidden === 1,
    profile_url: base,
    avatar: fileFor('avatar', member.avatar_id),
    banner: fileFor('banner', member.banner_id),
    projects,
    removed_posts: removals.map(({ title, reason, removed_at }) => ({ title, reason, removed_at })),
    created_at: member.created_at,
    updated_at: member.updated_at,
  };
  const postList = posts.map((post) => ({
    title: post.title,
    content: post.content,
    featured: Boolean(post.starred),
    url: `${publicUrl}/posts/${member.username.toLowerCase()}/${post.slug}`,
    attachment: fileFor(`posts/${post.slug}`, post.file_id),
    created_at: post.created_at,
    updated_at: post.updated_at,
  }));
  return {
    username: member.username,
    profile,
    posts: postList,
    bookings: booking,
    credits,
    files: archived,
  };
}

/**
 * The member's side of booking the lab (docs/product.md §10): every booking of theirs, cancelled
 * ones too, with its note; their inductions, held, expired or revoked; their induction requests.
 */
async function bookingData(db: Kysely<Database>, memberId: string) {
  const [bookings, inductions, requests] = await Promise.all([
    db
      .selectFrom('bookings')
      .innerJoin('resources', 'resources.id', 'bookings.resource_id')
      .select([
        'resources.name as resource',
        'bookings.starts_at',
        'bookings.ends_at',
        'bookings.note',
        'bookings.status',
        'bookings.booked_by',
        'bookings.reason',
        'bookings.created_at',
        'bookings.cancelled_at',
        'bookings.cancelled_by',
        'bookings.answers',
        'bookings.hold_until',
        'bookings.decided_by',
        'bookings.decided_at',
        'bookings.decision_reason',
      ])
      .where('bookings.user_id', '=', memberId)
      .where('bookings.kind', '=', 'booking')
      .orderBy('bookings.starts_at')
      .execute(),
    db
      .selectFrom('member_inductions')
      .innerJoin('inductions', 'inductions.id', 'member_inductions.induction_id')
      .select([
        'inductions.name as induction',
        'member_inductions.signed_off_by',
        'member_inductions.signed_off_at',
        'member_inductions.note',
        'member_inductions.expires_at',
        'member_inductions.revoked_at',
        'member_inductions.revoked_by',
        'member_inductions.revoke_reason',
      ])
      .where('member_inductions.user_id', '=', memberId)
      .orderBy('member_inductions.signed_off_at')
      .execute(),
    db
      .selectFrom('induction_requests')
      .innerJoin('inductions', 'inductions.id', 'induction_requests.induction_id')
      .select([
        'inductions.name as induction',
        'induction_requests.message',
        'induction_requests.created_at',
        'induction_requests.done_at',
        'induction_requests.done_by',
      ])
      .where('induction_requests.user_id', '=', memberId)
      .orderBy('induction_requests.created_at')
      .execute(),
  ]);
  const now = new Date().toISOString();
  return {
    bookings: bookings.map((row) => ({
      resource: row.resource,
      start: row.starts_at,
      end: row.ends_at,
      note: row.note,
      status: row.status,
      booked_on_your_behalf_by: row.booked_by,
      on_behalf_reason: row.booked_by ? row.reason : null,
      created_at: row.created_at,
      cancelled_at: row.cancelled_at,
      cancelled_by: row.cancelled_by,
      // A request for a machine that needs approval: what the member answered, and its decision.
      request:
        row.status === 'pending' || row.decided_at
          ? {
              answers: JSON.parse(row.answers) as unknown,
              held_until: row.hold_until,
              decided_by: row.decided_by,
              decided_at: row.decided_at,
              decline_reason: row.decision_reason || null,
            }
          : null,
    })),
    inductions: inductions.map((row) => ({
      induction: row.induction,
      standing: row.revoked_at ? 'revoked' : row.expires_at && row.expires_at <= now ? 'expired' : 'held',
      signed_off_by: row.signed_off_by,
      signed_off_at: row.signed_off_at,
      note: row.note,
      expires_at: row.expires_at,
      revoked_at: row.revoked_at,
      revoked_by: row.revoked_by,
      revoke_reason: row.revoke_reason,
    })),
    induction_requests: requests.map((row) => ({
      induction: row.induction,
      message: row.message,
      requested_at: row.created_at,
      done_at: row.done_at,
      done_by: row.done_by,
    })),
  };
}

const README = `Your data from the Dublin Makerspace community site.

profile.json   your profile as it is stored (name, e-mail, bio, qualifications, projects,
               directory listing, and posts an admin removed with the reason)
posts.json     every post you wrote, with its text
bookings.json  your bookings of the lab's machines (cancelled ones too, with your notes), your
               inductions (held, expired or revoked, who signed you off) and induction requests
credits.json   your credits (GPU tokens and others): each lot you were given, with its reason and
               expiry, and every change to it (held for a booking, released, spent, expired)
files/         every file you uploaded: avatar, banner and post attachments (images as the site keeps them)
`;

/** Resolves when `stream` can take more, or is gone (then 'drain' never comes). */
const drainedOrClosed = (stream: PassThrough) =>
  new Promise<void>((resolve) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('close', done);
      resolve();
    };
    stream.on('drain', done);
    stream.on('close', done);
  });

/**
 * The archive as a stream. Files are stored as they are (images and attachments are compressed
 * already); the JSON is deflated. The stream waits whenever its own buffer is full.
 */
export async function zipStream(data: NonNullable<Awaited<ReturnType<typeof memberData>>>) {
  // fflate loads with the first download, not with the server.
  const { Zip, ZipDeflate, ZipPassThrough } = await import('fflate');
  const out = new PassThrough();
  const zip = new Zip((error, chunk, final) => {
    if (error) out.destroy(error);
    else {
      out.write(chunk);
      if (final) out.end();
    }
  });
  const addText = (path: string, text: string) => {
    const entry = new ZipDeflate(path, { level: 6 });
    zip.add(entry);
    entry.push(new TextEncoder().encode(text), true);
  };
  (async () => {
    addText('README.txt', README);
    addText('profile.json', `${JSON.stringify(data.profile, null, 2)}\n`);
    addText('posts.json', `${JSON.stringify(data.posts, null, 2)}\n`);
    addText('bookings.json', `${JSON.stringify(data.bookings, null, 2)}\n`);
    addText('credits.json', `${JSON.stringify(data.credits, null, 2)}\n`);
    for (const file of data.files) {
      const stored = await files.read(file.assetId, ORIGINAL);
      if (!stored) continue;
      const entry = new ZipPassThrough(file.path);
      zip.add(entry);
      for await (const chunk of stored.stream()) {
        // The download was cancelled (the client left): leaving the loop closes the file.
        if (out.destroyed) return;
        entry.push(chunk as Uint8Array);
        if (out.writableNeedDrain) await drainedOrClosed(out);
      }
      if (out.destroyed) return;
      entry.push(new Uint8Array(0), true);
    }
    zip.end();
  })().catch((error) => {
    console.error('Writing a data export failed:', error);
    out.destroy(error);
  });
  return out;
}
