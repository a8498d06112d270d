import { expect, test } from 'vitest';
import { atomFeed, newestPosts, FEED_ENTRIES, type FeedPost } from './atom';

const post = (n: number, extra: Partial<FeedPost> = {}): FeedPost => ({
  id: `p${n}`,
  slug: `post-${n}`,
  title: `Post ${n}`,
  content: 'Text',
  created_at: `2026-01-${String(n).padStart(2, '0')}T10:00:00.000Z`,
  author: { username: 'Aoife_B', fullname: 'Aoife Byrne' },
  ...extra,
});

const feedOf = (posts: FeedPost[]) =>
  atomFeed({ base: 'https://lab.example.ie', path: '/posts.atom', page: '/members', title: 'Lab', posts });

test('markup is escaped, and characters XML cannot hold are dropped', () => {
  const xml = feedOf([post(1, { title: 'A <b> & "c"', content: 'bell\u0007 tab\t lone\uD800 ok' })]);
  expect(xml).toContain('<title type="text">A &#60;b&#62; &#38; &#34;c&#34;</title>');
  expect(xml).toContain('<content type="text">bell tab\t lone ok</content>');
});

test('entries link to the lower-cased post address and carry a tag id that survives a rename', () => {
  const xml = feedOf([post(3)]);
  expect(xml).toContain(
    '<link rel="alternate" type="text/html" href="https://lab.example.ie/posts/aoife_b/post-3"/>',
  );
  expect(xml).toContain('<id>tag:lab.example.ie,2025:post:p3</id>');
  expect(xml).toContain('<updated>2026-01-03T10:00:00.000Z</updated>');
});

test('the newest posts come first, at most FEED_ENTRIES; an empty feed has a fixed updated', () => {
  const posts = Array.from({ length: 25 }, (_, i) => post(i + 1));
  const newest = newestPosts(posts);
  expect(newest).toHaveLength(FEED_ENTRIES);
  expect(newest[0].id).toBe('p25');
  expect(feedOf([])).toContain('<updated>2025-01-01T00:00:00.000Z</updated>');
});
