import { describe, expect, it } from 'vitest';
import { READ_PAGE, wantsScripts } from './hydration';

describe('wantsScripts', () => {
  it('leaves scripts out of a read page for visitors only', () => {
    expect(wantsScripts([undefined, READ_PAGE], false)).toBe(false);
    expect(wantsScripts([undefined, READ_PAGE], true)).toBe(true);
  });

  it('keeps scripts on every other page', () => {
    expect(wantsScripts([undefined, undefined], false)).toBe(true);
    expect(wantsScripts([undefined, { other: true }], false)).toBe(true);
  });
});
