// What a page sends to the browser is what it shows (docs/product.md §3): lists of posts carry
// titles, dates, flags and links, never the posts' text, so a page's loader data does not grow
// with what members write.
import { isoDay } from './dates';
import type { Member, Post } from './models';

/** A post in a list: everything but its text. */
export type PostSummary = Omit<Post, 'content'>;

/**
 * A post on a member card: the link's slug, its title, its day as the card shows it and Featured.
 * The day is formatted once on the server, and nothing the card does not show is sent: a directory
 * page carries up to 144 of these.
 */
export type PostLink = Pick<Post, 'slug' | 'title' | 'starred'> & { day: string };

export const postLink = (post: Pick<Post, 'slug' | 'title' | 'starred' | 'created_at'>): PostLink => ({
  slug: post.slug,
  title: post.title,
  starred: post.starred,
  day: isoDay(post.created_at),
});

/**
 * A member's card in the directory: no banner; their newest posts as links (at most
 * CARD_POST_LIMIT, so one prolific member cannot make the directory heavy) and how many they have.
 */
export type MemberCardModel = Omit<Member, 'banner' | 'posts' | 'hidden'> & {
  posts: PostLink[];
  postCount: number;
};

/**
 * docs/product.md §2: a card holds at most this many posts (two shown, four behind '+N more'); the
 * rest are on the member's page. Twenty-four cards of six links keep a directory page under 60 KB.
 */
export const CARD_POST_LIMIT = 6;

/** A member with their posts as a list shows them (their page, My Profile). */
export type MemberWithPostList = Omit<Member, 'posts'> & { posts: PostSummary[] };

export const postSummary = (post: Post): PostSummary => ({
  id: post.id,
  slug: post.slug,
  title: post.title,
  starred: post.starred,
  created_at: post.created_at,
  file: post.file,
});

export const memberCard = (member: Member): MemberCardModel => ({
  username: member.username,
  fullname: member.fullname,
  bio: member.bio,
  qualifications: member.qualifications,
  avatar: member.avatar,
  posts: member.posts.slice(0, CARD_POST_LIMIT).map(postLink),
  postCount: member.posts.length,
});

export const withPostList = (member: Member): MemberWithPostList => ({
  ...member,
  posts: member.posts.map(postSummary),
});
