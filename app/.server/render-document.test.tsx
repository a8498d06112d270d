import { Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EntryContext } from '@remix-run/node';
import { READ_PAGE } from '~/lib/hydration';
import { documentWantsScripts, renderDocument, renderWithoutScripts } from './render-document';

// Only the timers renderDocument sets: React schedules its work with setImmediate, which stays real.
beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
afterEach(() => vi.useRealTimers());

const never = new Promise<never>(() => {});
function Waits(): never {
  throw never; // suspends for good
}

describe('renderDocument', () => {
  it('renders the whole document and leaves no timer holding the render', async () => {
    const html = await renderDocument(<p>Hello</p>, { abortDelay: 5_000, onError: () => {} });
    expect(html).toBe('<p>Hello</p>');
    expect(vi.getTimerCount()).toBe(0);
  });

  it("keeps a character of several bytes whole where it falls across React's 2048-byte buffer", async () => {
    // React 18's stream writes its whole buffer when such a character does not fit at its end,
    // unfilled bytes included: 'Open to members 8:00\0\0–22:00' reached /forgot-password.
    // Short texts go through that buffer (a text over a third of it is written on its own).
    for (let filler = 150; filler < 200; filler++) {
      const text = `${'b'.repeat(filler)}8:00–22:00`;
      const html = await renderDocument(
        <div>
          {Array.from({ length: 9 }, (_, i) => (
            <p key={i}>{'a'.repeat(200)}</p>
          ))}
          <p>{text}</p>
        </div>,
        { abortDelay: 5_000, onError: () => {} },
      );
      expect(html, `filler ${filler}`).not.toContain('\u0000');
      expect(html).toContain(text);
    }
  });

  it('aborts a render still waiting after the delay, sends what it has and reports it', async () => {
    const errors: unknown[] = [];
    const rendered = renderDocument(
      <Suspense fallback={<p>Loading</p>}>
        <Waits />
      </Suspense>,
      { abortDelay: 5_000, onError: (error) => errors.push(error) },
    );
    await new Promise((resolve) => setImmediate(resolve));
    expect(errors).toHaveLength(0);
    vi.advanceTimersByTime(5_000);
    expect(await rendered).toContain('<p>Loading</p>');
    expect(errors).toHaveLength(1);
    expect(vi.getTimerCount()).toBe(0);
  });
});

/** The parts of Remix's context these read: the matched routes, their handles, the root's data. */
function context(handle: unknown, user: unknown): EntryContext {
  return {
    staticHandlerContext: {
      matches: [{ route: { id: 'root' } }, { route: { id: 'routes/page' } }],
      loaderData: { root: { user } },
    },
    routeModules: { root: {}, 'routes/page': { handle } },
  } as unknown as EntryContext;
}

describe('documentWantsScripts', () => {
  it('leaves them out of a read page for a visitor only', () => {
    expect(documentWantsScripts(context(READ_PAGE, null))).toBe(false);
    expect(documentWantsScripts(context(READ_PAGE, { username: 'niamh' }))).toBe(true);
    expect(documentWantsScripts(context(undefined, null))).toBe(true);
  });
});

describe('renderWithoutScripts', () => {
  it('renders a document whole, as a string, with its doctype', () => {
    const html = renderWithoutScripts(
      <html lang="en">
        <body>
          <p>Hello</p>
        </body>
      </html>,
      context(READ_PAGE, null),
    );
    expect(html).toBe('<!DOCTYPE html><html lang="en"><body><p>Hello</p></body></html>');
  });

  it('gives the document back to the stream when it rendered the scripts after all', () => {
    const remix = context(READ_PAGE, null);
    // What Remix's <Scripts> does: its loader data then follows through a component that suspends.
    function Scripts() {
      remix.renderMeta = { didRenderScripts: true };
      return null;
    }
    expect(renderWithoutScripts(<Scripts />, remix)).toBeNull();
  });
});
