import { expect, test } from 'vitest';
import { byDataVersion } from './by-data-version';

function counted() {
  const state = { version: '1', computed: 0, fail: false };
  const read = byDataVersion(
    async () => {
      state.computed += 1;
      if (state.fail) throw new Error('store down');
      return { members: state.computed };
    },
    async () => state.version,
  );
  return { state, read };
}

test('every member is read once per data version, not on every request', async () => {
  const { state, read } = counted();
  await Promise.all([read(), read(), read()]);
  expect(await read()).toEqual({ members: 1 });
  expect(state.computed).toBe(1);
  state.version = '2';
  expect(await read()).toEqual({ members: 2 });
  expect(state.computed).toBe(2);
});

test('a failed read is not kept', async () => {
  const { state, read } = counted();
  state.fail = true;
  await expect(read()).rejects.toThrow('store down');
  state.fail = false;
  expect(await read()).toEqual({ members: 2 });
});
