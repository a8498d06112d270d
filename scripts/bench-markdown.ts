// `npm run bench`'s Markdown figures (scripts/bench.ts): what the legal texts' renderer
// (app/lib/markdown.ts, decision 022) costs on hostile input, as ratios that hold on a shared
// 2-core machine where a time bound does not. The input is the one app/lib/markdown.test.tsx renders
// (5,000 unclosed emphasis marks, brackets and underscores; 3,000 bold openers and list markers).
// - against ordinary text: the shipped privacy notice repeated to the same length;
// - against itself at half the length: about 2 for a parser that stays linear, 4 for a quadratic one.
// Each is the median CPU time of this process (not the wall clock, which other work moves).
import fs from 'node:fs';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Markdown } from '../app/components/markdown';
import { parseMarkdown } from '../app/lib/markdown';

const hostile = (n: number) => [
  '*'.repeat(n) + 'x' + '['.repeat(n) + '_'.repeat(n),
  `${'**a '.repeat((n * 3) / 5)}\n${'- '.repeat((n * 3) / 5)}`,
];

const render = (source: string) =>
  renderToStaticMarkup(createElement(Markdown, { blocks: parseMarkdown(source) }));

/** The median CPU time of rendering each of `sources`, in ms: `runs` rounds after as many to warm up. */
function medianCpuMs(sources: string[], runs: number) {
  const times: number[] = [];
  for (let i = 0; i < 2 * runs; i++) {
    const start = process.cpuUsage();
    for (const source of sources) render(source);
    const used = process.cpuUsage(start);
    if (i >= runs) times.push((used.user + used.system) / 1000);
  }
  return times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
}

export function markdownCost() {
  const [full, half] = [hostile(5000), hostile(2500)];
  const privacy = fs.readFileSync('app/content/legal/privacy.md', 'utf8');
  const ordinary = full.map((source) =>
    privacy.repeat(Math.ceil(source.length / privacy.length)).slice(0, source.length),
  );
  // The ordinary text renders in milliseconds: more rounds, so the JIT has warmed up to it too.
  const [hostileMs, halfMs, ordinaryMs] = [
    medianCpuMs(full, 5),
    medianCpuMs(half, 5),
    medianCpuMs(ordinary, 100),
  ];
  return {
    chars: full.reduce((sum, source) => sum + source.length, 0),
    hostileMs,
    ordinaryMs,
    toOrdinary: hostileMs / ordinaryMs,
    toHalf: hostileMs / halfMs,
  };
}
