import { describe, expect, it, test } from 'vitest';
import { renderCache } from './render-cache';

/** A page as Remix answers it: public, HTML, rendered with `nonce`; counts its renders. */
function site() {
  const state = { version: '1', reads: 0, renders: 0, clock: 0, body: 'members' };
  const cache = renderCache({
    readVersion: async () => {
      state.reads += 1;
      return state.version;
    },
    buildVersion: 'b1',
    now: () => state.clock,
  });
  const render =
    (init: { status?: number; headers?: Record<string, string> } = {}) =>
    async () => {
      state.renders += 1;
      const nonce = `n${state.renders}`;
      return new Response(`<p>${state.body}</p><script nonce="${nonce}"></script>`, {
        status: init.status ?? 200,
        headers: {
          'Content-Type': 'text/html; charset=utf-8',
          'Cache-Control': 'public, max-age=0, must-revalidate',
          'Content-Security-Policy': `script-src 'nonce-${nonce}'`,
          ...init.headers,
        },
      });
    };
  const get = (headers: Record<string, string> = {}, url = 'http://lab.ie/members') =>
    new Request(url, { headers });
  return { state, cache, render, get };
}

describe('renderCache', () => {
  it('renders a visitor’s page once per data version, with a fresh nonce in every answer', async () => {
    const { state, cache, render, get } = site();
    const first = await cache.respond(get(), render());
    const second = await cache.respond(get(), render());
    expect(state.renders).toBe(1);
    expect(first.headers.get('X-Render-Cache')).toBe('miss');
    expect(second.headers.get('X-Render-Cache')).toBe('hit');
    const nonces = [first, second].map(
      (r) => /'nonce-([^']+)'/.exec(r.headers.get('Content-Security-Policy')!)![1],
    );
    expect(nonces[0]).not.toBe(nonces[1]);
    expect(await second.text()).toBe(`<p>members</p><script nonce="${nonces[1]}"></script>`);
    expect(second.headers.get('ETag')).toBe('W/"b1.1"');
    expect(second.headers.get('Vary')).toBe('Cookie');
  });

  it('reads the version at most once a second, and at once after a request that may have written', async () => {
    const { state, cache, render, get } = site();
    await cache.respond(get(), render());
    state.version = '2';
    state.body = 'members and a new one';
    await cache.respond(get(), render());
    expect(state.renders).toBe(1);
    state.clock = 1000;
    expect(await (await cache.respond(get(), render())).text()).toContain('a new one');
    expect(state.renders).toBe(2);

    state.version = '3';
    await cache.respond(new Request('http://lab.ie/posts/new', { method: 'POST' }), render({ status: 302 }));
    const after = await cache.respond(get(), render());
    expect(after.headers.get('X-Render-Cache')).toBe('miss');
    expect(after.headers.get('ETag')).toBe('W/"b1.3"');
  });

  it('never serves or keeps what a request with cookies rendered, and marks it private', async () => {
    const { state, cache, render, get } = site();
    await cache.respond(get(), render());
    state.body = 'Signed in as Aoife';
    const member = await cache.respond(get({ Cookie: '__session=abc' }), render());
    expect(await member.text()).toContain('Aoife');
    expect(member.headers.get('Cache-Control')).toBe('private, no-cache');
    expect(member.headers.get('X-Render-Cache')).toBeNull();
    const visitor = await cache.respond(get(), render());
    expect(await visitor.text()).not.toContain('Aoife');
  });

  it('keeps only public HTML answers without cookies', async () => {
    const answers: { status?: number; headers?: Record<string, string> }[] = [
      { status: 404 },
      { headers: { 'Cache-Control': 'no-store' } },
      { headers: { 'Set-Cookie': 'a=b' } },
      { headers: { 'Content-Type': 'application/json' } },
    ];
    for (const init of answers) {
      const { state, cache, render, get } = site();
      await cache.respond(get(), render(init));
      await cache.respond(get(), render(init));
      expect(state.renders).toBe(2);
    }
  });

  it('keeps the public feeds and the sitemap too: each read every member and post', async () => {
    for (const [type, url] of [
      ['application/atom+xml; charset=utf-8', 'http://lab.ie/posts.atom'],
      ['application/xml; charset=utf-8', 'http://lab.ie/sitemap.xml'],
    ]) {
      const { state, cache, render, get } = site();
      const feed = render({ headers: { 'Content-Type': type, 'Content-Security-Policy': '' } });
      await cache.respond(get({}, url), feed);
      const second = await cache.respond(get({}, url), feed);
      expect(state.renders).toBe(1);
      expect(second.headers.get('Content-Type')).toBe(type);
      expect(second.headers.get('X-Render-Cache')).toBe('hit');
    }
  });

  it('answers a conditional request with 304 while the version holds', async () => {
    const { state, cache, render, get } = site();
    const first = await cache.respond(get(), render());
    const again = await cache.respond(get({ 'If-None-Match': first.headers.get('ETag')! }), render());
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    state.version = '2';
    state.clock = 5000;
    const changed = await cache.respond(get({ 'If-None-Match': first.headers.get('ETag')! }), render());
    expect(changed.status).toBe(200);
  });

  it('renders a page again once the expiry it declares has passed, and never passes the header on', async () => {
    const { state, cache, render, get } = site();
    // Like a resource's week: true until the next minute, as the page says when rendered.
    const nextMinute = () => new Date(Math.floor(state.clock / 60_000) * 60_000 + 60_000);
    const page = () => render({ headers: { 'X-Render-Expires': nextMinute().toUTCString() } })();
    const first = await cache.respond(get(), page);
    expect(first.headers.has('X-Render-Expires')).toBe(false);
    state.clock = 59_000;
    expect((await cache.respond(get(), page)).headers.get('X-Render-Cache')).toBe('hit');
    expect(state.renders).toBe(1);
    // Nothing was written, but the slots shown have moved on: rendered again, under a new ETag.
    state.clock = 60_000;
    const later = await cache.respond(get({ 'If-None-Match': first.headers.get('ETag')! }), page);
    expect(state.renders).toBe(2);
    expect(later.status).toBe(200);
    expect(later.headers.has('X-Render-Expires')).toBe(false);
    const member = await cache.respond(get({ Cookie: '__session=abc' }), page);
    expect(member.headers.has('X-Render-Expires')).toBe(false);
  });

  it('renders once for a crowd arriving together, and keys pages on the whole URL', async () => {
    const { state, cache, render, get } = site();
    const answers = await Promise.all(Array.from({ length: 10 }, () => cache.respond(get(), render())));
    expect(state.renders).toBe(1);
    expect(state.reads).toBe(1);
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    await cache.respond(get({}, 'http://lab.ie/members?team=2'), render());
    expect(state.renders).toBe(2);
  });

  it('stays within its byte limit, least recently used first', async () => {
    const cache = renderCache({ readVersion: async () => '1', buildVersion: 'b', maxBytes: 4000 });
    let renders = 0;
    const page = () => async () => {
      renders += 1;
      return new Response('x'.repeat(900), {
        headers: { 'Content-Type': 'text/html', 'Cache-Control': 'public' },
      });
    };
    for (let i = 0; i < 10; i++) await cache.respond(new Request(`http://lab.ie/p/${i}`), page());
    expect(cache.size().bytes).toBeLessThanOrEqual(4000);
    expect(cache.size().entries).toBe(4);
    await cache.respond(new Request('http://lab.ie/p/9'), page());
    expect(renders).toBe(10);
    await cache.respond(new Request('http://lab.ie/p/0'), page());
    expect(renders).toBe(11);
  });
});

test('a failed version read renders without the cache and is asked again next time', async () => {
  let fail = true;
  const cache = renderCache({
    readVersion: async () => {
      if (fail) throw new Error('connection terminated');
      return '1';
    },
    buildVersion: 'b',
  });
  const page = async () =>
    new Response('page', { headers: { 'Content-Type': 'text/html', 'Cache-Control': 'public' } });
  const answer = await cache.respond(new Request('http://lab.ie/members'), page);
  expect(answer.headers.get('X-Render-Cache')).toBeNull();
  expect(await answer.text()).toBe('page');
  fail = false;
  expect(
    (await cache.respond(new Request('http://lab.ie/members'), page)).headers.get('X-Render-Cache'),
  ).toBe('miss');
});
