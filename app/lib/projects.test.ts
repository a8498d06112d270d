import { expect, test } from 'vitest';
import {
  clampPage,
  isWebsite,
  keyFacts,
  pageCount,
  pageItems,
  portfolioSections,
  tagList,
  websiteProblem,
} from './projects';

const member = { role: 'x', user: { username: 'u', fullname: 'U', avatar: null } };

test('tag list is the sorted set of all tags', () => {
  expect(tagList([{ tags: ['Robotics', 'AI'] }, { tags: ['AI', 'biotech'] }, { tags: [] }])).toEqual([
    'AI',
    'biotech',
    'Robotics',
  ]);
  expect(tagList([])).toEqual([]);
});

test('portfolio sections split featured from the rest and filter by tag', () => {
  const projects = [
    { tags: ['AI'], featured: true },
    { tags: ['AI', 'Energy'], featured: false },
    { tags: ['Energy'], featured: false },
  ];
  expect(portfolioSections(projects, null)).toMatchObject({ count: 3 });
  const energy = portfolioSections(projects, 'Energy');
  expect(energy.featured).toHaveLength(0);
  expect(energy.others).toHaveLength(2);
  expect(portfolioSections(projects, 'Nope').count).toBe(0);
});

test('key facts follow docs/product.md §9', () => {
  expect(
    keyFacts({
      tags: ['Robotics', 'Open Source', 'Hardware', 'Education'],
      featured: true,
      members: [member, member],
    }),
  ).toEqual({
    focus: 'Primary focus on Robotics',
    field: 'Robotics, Open Source, Hardware',
    teamSize: '2 members',
    status: 'Featured project, actively supported',
  });
  const bare = keyFacts({ tags: [], featured: false, members: [member] });
  expect(bare.focus).toBe('Hardware and software prototyping');
  expect(bare.status).toBe('In development');
  expect(bare.teamSize).toBe('1 member');
  expect(keyFacts({ tags: ['Climate'], featured: false, members: [] }).field).toBe('Climate');
});

test('team pager: 4 a page, pages clamped', () => {
  expect(pageCount(0)).toBe(1);
  expect(pageCount(4)).toBe(1);
  expect(pageCount(5)).toBe(2);
  expect(pageCount(10)).toBe(3);
  expect(clampPage('2', 10)).toBe(2);
  expect(clampPage('9', 10)).toBe(2);
  expect(clampPage('-1', 10)).toBe(0);
  expect(clampPage('abc', 10)).toBe(0);
  expect(clampPage(null, 10)).toBe(0);
  expect(pageItems([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 2)).toEqual([9, 10]);
});

test('a website is an http or https address, however its scheme is written', () => {
  expect(websiteProblem('https://example.com')).toBeNull();
  expect(websiteProblem('HTTP://example.com/a?b')).toBeNull();
  expect(websiteProblem('example.com')).toBe('not-an-address');
  for (const address of [
    'javascript:alert(1)',
    ' JaVaScRiPt:alert(1)',
    'java\tscript:x',
    'data:,x',
    'ftp://x',
  ])
    expect(websiteProblem(address)).toBe('scheme');
  expect(isWebsite('data:text/html,x')).toBe(false);
});
