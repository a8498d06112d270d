import { expect, test } from 'vitest';
import { cleanQuery, matchesQuery, MAX_QUERY } from './search';

const sinead = {
  fullname: 'Sinéad Ní Bhriain',
  username: 'sinead_nb',
  qualifications: ['PhD Bioengineering'],
};

test('every word must match the name, username or a qualification, ignoring case and accents', () => {
  expect(matchesQuery(sinead, 'sinead')).toBe(true);
  expect(matchesQuery(sinead, 'SINÉAD')).toBe(true);
  expect(matchesQuery(sinead, 'bioeng phd')).toBe(true);
  expect(matchesQuery(sinead, 'sinead_nb')).toBe(true);
  expect(matchesQuery(sinead, 'sinead robotics')).toBe(false);
  expect(matchesQuery(sinead, 'aoife')).toBe(false);
});

test('an empty query matches everyone', () => {
  expect(matchesQuery(sinead, '')).toBe(true);
  expect(matchesQuery(sinead, '   ')).toBe(true);
});

test('the query is trimmed, its spaces collapsed and its length bounded', () => {
  expect(cleanQuery('  laser   cutter ')).toBe('laser cutter');
  expect(cleanQuery(null)).toBe('');
  expect(cleanQuery('x'.repeat(500))).toHaveLength(MAX_QUERY);
});
