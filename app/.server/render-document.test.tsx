import { Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderDocument } from './render-document';

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
