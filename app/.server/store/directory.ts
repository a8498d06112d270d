// The site's own pages of members and posts (docs/performance.md, "Pages whose cost does not grow"):
// one page of the directory and one page of a member's posts, read as such. The product §7 answers
// (listMembers, memberByUsername) keep their whole lists for their clients; these never load them.
import { sql, type Kysely } from 'kysely';
import type { Database, PostsTable } from '../db/schema';
import {
  CARD_POST_LIMIT,
  postLink,
  postSummary,
  type MemberCardModel,
  type PostSummary,
} from '~/lib/display';
import type { Member } from '~/lib/models';
import { pageOf, PAGE_SIZE, type PageOf } from '~/lib/pagination';
import { matchesQuery } from '~/lib/search';
import { assetRef, parseList, toPost } from './rows';
import { selectPosts } from './posts';
import { userByUsername } from './usernames';

export interface DirectoryPage extends PageOf {
  members: MemberCardModel[];
}

export interface MemberPostsPage extends PageOf {
  member: Omit<Member, 'posts'>;
  posts: PostSummary[];
}

const listed = (db: Kysely<Database>) => db.selectFrom('users').where('hidden', '=', 0);

/**
 * One page of the directory (members in joining order, those hidden left out), matching `query`
 * by the directory's rule. Without a query it counts and reads one page in the database; with one
 * it reads the matched columns (names, usernames, qualifications) of every listed member to
 * apply the rule, which folds accents as the database cannot, then only that page's members.
 */
export async function directoryPage(
  db: Kysely<Database>,
  query: string,
  requested: number,
): Promise<DirectoryPage> {
  let ids: string[];
  let at: ReturnType<typeof pageOf>;
  if (query) {
    const rows = await listed(db)
      .select(['id', 'username', 'fullname', 'qualifications'])
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    const matched = rows
      .filter((row) => matchesQuery({ ...row, qualifications: parseList(row.qualifications) }, query))
      .map((row) => row.id);
    at = pageOf(requested, matched.length);
    ids = matched.slice(at.offset, at.offset + PAGE_SIZE);
  } else {
    const { n } = await listed(db)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    at = pageOf(requested, Number(n));
    const rows = await listed(db)
      .select('id')
      .orderBy('created_at')
      .orderBy('id')
      .limit(PAGE_SIZE)
      .offset(at.offset)
      .execute();
    ids = rows.map((row) => row.id);
  }
  const { offset: _offset, ...page } = at;
  return { ...page, members: await memberCards(db, ids) };
}

type CardPostRow = Pick<PostsTable, 'id' | 'user_id' | 'slug' | 'title' | 'starred' | 'created_at'>;

/** Newest first, and the same order every time for posts of the same moment (as the SQL). */
const newestFirst = (a: CardPostRow, b: CardPostRow) =>
  a.created_at === b.created_at ? (a.id < b.id ? -1 : 1) : a.created_at > b.created_at ? -1 : 1;

/** The cards of these members, in this order: profile fields, newest posts as links, post counts. */
async function memberCards(db: Kysely<Database>, ids: string[]): Promise<MemberCardModel[]> {
  if (!ids.length) return [];
  const [users, posts, counts] = await Promise.all([
    db
      .selectFrom('users')
      .select(['id', 'username', 'fullname', 'bio', 'qualifications', 'avatar_id'])
      .where('id', 'in', ids)
      .execute(),
    // The newest CARD_POST_LIMIT of each, one read per member through posts_user_newest that stops
    // there (ranking every post of the page's members read them all). Written as SQL: Kysely's
    // builder took as long to put 24 of these together as the database took to answer them. Each
    // member's are put in order below: SQL promises no order for a union without ORDER BY, and
    // sorting the whole union cost more.
    sql<CardPostRow>`${sql.join(
      ids.map(
        (id) =>
          sql`select * from (
            select id, user_id, slug, title, starred, created_at from posts where user_id = ${id}
            order by created_at desc, id limit ${sql.lit(CARD_POST_LIMIT)}) as p`,
      ),
      sql` union all `,
    )}`
      .execute(db)
      .then((result) => result.rows),
    db
      .selectFrom('posts')
      .select(['user_id', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('user_id', 'in', ids)
      .groupBy('user_id')
      .execute(),
  ]);
  const postsOf = new Map<string, typeof posts>();
  for (const row of posts) {
    const list = postsOf.get(row.user_id);
    if (list) list.push(row);
    else postsOf.set(row.user_id, [row]);
  }
  const countOf = new Map(counts.map((row) => [row.user_id, Number(row.n)]));
  const byId = new Map(users.map((user) => [user.id, user]));
  return ids.flatMap((id) => {
    const user = byId.get(id);
    if (!user) return []; // deleted between the two reads
    return [
      {
        username: user.username,
        fullname: user.fullname,
        bio: user.bio,
        qualifications: parseList(user.qualifications),
        avatar: assetRef(user.avatar_id),
        posts: (postsOf.get(id) ?? [])
          .sort(newestFirst)
          .map((row) => postLink({ ...row, starred: row.starred === 1 })),
        postCount: countOf.get(id) ?? 0,
      },
    ];
  });
}

/** A member's profile and one page of their posts (newest first); null for an unknown username. */
export async function memberPostsPage(
  db: Kysely<Database>,
  username: string,
  requested: number,
): Promise<MemberPostsPage | null> {
  const user = await userByUsername(db, username)
    .select(['id', 'username', 'fullname', 'bio', 'qualifications', 'avatar_id', 'banner_id', 'hidden'])
    .executeTakeFirst();
  if (!user) return null;
  const { n } = await db
    .selectFrom('posts')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', user.id)
    .executeTakeFirstOrThrow();
  const { offset, ...page } = pageOf(requested, Number(n));
  const rows = await selectPosts(db)
    .where('posts.user_id', '=', user.id)
    .orderBy('posts.created_at', 'desc')
    .orderBy('posts.id')
    .limit(PAGE_SIZE)
    .offset(offset)
    .execute();
  return {
    ...page,
    member: {
      username: user.username,
      fullname: user.fullname,
      bio: user.bio,
      qualifications: parseList(user.qualifications),
      avatar: assetRef(user.avatar_id),
      banner: assetRef(user.banner_id),
      ...(user.hidden ? { hidden: true } : {}),
    },
    posts: rows.map((row) => postSummary(toPost(row))),
  };
}
