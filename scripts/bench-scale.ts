// `npm run bench -- --members 1000 --posts 10`: the pages whose cost must not grow with the whole
// community (the directory, its middle page, a member's page, the portfolio, a resource's week), measured on the demo
// data and on the demo data plus that crowd, side by side in one run: HTML bytes, throughput and
// p50/p99 at 10 connections for a visitor (the render cache) and rendered (a cookie that signs no
// one in, so every request runs the loaders and React) with the server's CPU time per rendered
// request, and each server's resident memory, its peak during the load and after it. Goals from
// docs/performance.md are printed beside the figures. Last, a middle page with a tenth of the crowd
// against the whole: the same full cards, so only the community's size differs.
import { cpuMsOf, gzipSize, kb, load, LOAD_SECONDS, mb, rssOf } from './bench-support';
import type { Crowd } from './crowd';
import { startDemoSite } from './demo-site';

const RENDERED = { Cookie: 'bench=1' };
const RENDERED_ROUNDS = 5;
const RENDERED_SECONDS = 3;
const WARM_SECONDS = 2;
const GOALS = {
  membersHtml: 60 * 1024,
  p50Ratio: 1.5,
  /** a resource page with the crowd's bookings / on the demo data (docs/performance.md) */
  resourceP50Ratio: 1.2,
  demoRss: 150 * 1024 * 1024,
  crowdRss: 250 * 1024 * 1024,
};

type Site = Awaited<ReturnType<typeof startDemoSite>>;

interface Figures {
  html: number;
  gzip: number;
  visitor: Load;
  rendered: Load & { cpuMs: number };
}

interface Load {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

/** The directory's last page number, from its page links (1 when it has none). */
async function lastPage(site: Site) {
  const html = await (await fetch(`${site.base}/members`)).text();
  const numbers = [...html.matchAll(/aria-label="Page (\d+)"/g)].map((match) => Number(match[1]));
  return Math.max(1, ...numbers);
}

/** Samples a server's resident memory every 100 ms until stopped: the highest seen. */
function peakRss(pid: number) {
  let peak = rssOf(pid);
  const timer = setInterval(() => (peak = Math.max(peak, rssOf(pid))), 100);
  return () => {
    clearInterval(timer);
    return Math.max(peak, rssOf(pid));
  };
}

async function summary(url: string, headers: Record<string, string>, seconds = LOAD_SECONDS): Promise<Load> {
  const figure = await load(url, headers, seconds);
  return {
    rps: figure.requests.average,
    p50: figure.latency.p50,
    p99: figure.latency.p99,
    errors: figure.errors + figure.non2xx,
  };
}

/**
 * A rendered round, with the server's CPU time per request: unlike latency, it does not move
 * when other work on the machine delays the server, so it shows what a page costs to render.
 */
async function renderedRound(site: Site, pagePath: string) {
  const before = cpuMsOf(site.pid);
  const round = await summary(site.base + pagePath, RENDERED, RENDERED_SECONDS);
  const requests = round.rps * RENDERED_SECONDS;
  return { ...round, cpuMs: (cpuMsOf(site.pid) - before) / Math.max(1, requests) };
}

/**
 * A page rendered under load for a moment before it is measured: the first render compiles the
 * route modules, and V8 optimises the render's code only after some hundreds of them. Measured
 * after one render, the first page's first rounds were a third slower on one side or the other.
 */
const warm = (site: Site, pagePath: string) => load(site.base + pagePath, RENDERED, WARM_SECONDS);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1];

type Rendered = Figures['rendered'];

/** The figures of the round with the median p50, the median CPU time, the errors of every round. */
function medianRound(rounds: Rendered[]): Rendered {
  const middle = [...rounds].sort((a, b) => a.p50 - b.p50)[rounds.length >> 1];
  return {
    ...middle,
    cpuMs: median(rounds.map((round) => round.cpuMs)),
    errors: rounds.reduce((sum, round) => sum + round.errors, 0),
  };
}

/**
 * Both sites' figures for one page each. The rendered figures, whose p50 ratio is a goal, come
 * from RENDERED_ROUNDS short rounds that alternate between the sites: each site's median round,
 * and the median of the rounds' ratios (each round's two runs one after the other). A single run
 * per site swung the ratio by a fifth when the machine's load or a collection fell on one side.
 */
async function measurePair(demo: Site, demoPath: string, grown: Site, grownPath: string) {
  const bytes = async (site: Site, pagePath: string) =>
    Buffer.from(await (await fetch(site.base + pagePath)).arrayBuffer());
  const [demoHtml, grownHtml] = [await bytes(demo, demoPath), await bytes(grown, grownPath)];
  const [demoVisitor, grownVisitor] = [
    await summary(demo.base + demoPath, {}),
    await summary(grown.base + grownPath, {}),
  ];
  const rounds: { demo: Rendered[]; grown: Rendered[] } = { demo: [], grown: [] };
  for (let round = 0; round < RENDERED_ROUNDS; round++) {
    rounds.demo.push(await renderedRound(demo, demoPath));
    rounds.grown.push(await renderedRound(grown, grownPath));
  }
  const figures = (html: Buffer, visitor: Load, rendered: Rendered[]): Figures => ({
    html: html.length,
    gzip: gzipSize(html),
    visitor,
    rendered: medianRound(rendered),
  });
  return {
    demo: figures(demoHtml, demoVisitor, rounds.demo),
    grown: figures(grownHtml, grownVisitor, rounds.grown),
    p50Ratio: median(rounds.grown.map((round, i) => round.p50 / Math.max(1, rounds.demo[i].p50))),
    cpuRatio: median(rounds.grown.map((round, i) => round.cpuMs / Math.max(0.01, rounds.demo[i].cpuMs))),
  };
}

const line = (figures: Figures) =>
  `HTML ${kb(figures.html)} (${kb(figures.gzip)} gzip); visitor ${figures.visitor.rps.toFixed(0)} req/s, ` +
  `p50 ${figures.visitor.p50} ms, p99 ${figures.visitor.p99} ms; rendered ${figures.rendered.rps.toFixed(0)} req/s, ` +
  `p50 ${figures.rendered.p50} ms, p99 ${figures.rendered.p99} ms, ${figures.rendered.cpuMs.toFixed(1)} ms CPU a request` +
  (figures.visitor.errors + figures.rendered.errors
    ? `; ERRORS ${figures.visitor.errors + figures.rendered.errors}`
    : '');

export async function benchScale(crowd: Crowd) {
  const started = performance.now();
  const demo = await startDemoSite();
  const grown = await startDemoSite(crowd);
  try {
    console.log(
      `Seeded and started in ${((performance.now() - started) / 1000).toFixed(0)} s: the demo data, and the demo data plus ${crowd.members} members with ${crowd.posts} posts each`,
    );
    const [demoLast, grownLast] = [await lastPage(demo), await lastPage(grown)];
    const pages = [
      ['/members', '/members'],
      [`/members?page=${Math.ceil(demoLast / 2)}`, `/members?page=${Math.ceil(grownLast / 2)}`],
      ['/members/niamh_walsh', '/members/niamh_walsh'],
      ['/portfolio', '/portfolio'],
      // A resource's week, with the crowd's 20 bookings each in the table: the same printer, then
      // a crowd printer whose every hour is booked.
      ['/resources/prusa-mk4', '/resources/prusa-mk4'],
      ['/resources/prusa-mk4', '/resources/crowd-printer-01'],
    ];
    // Warm both, then load them in turn, page by page, so a change in the machine's load falls on
    // both alike.
    for (const [a, b] of pages) {
      await warm(demo, a);
      await warm(grown, b);
    }
    const demoPeak = peakRss(demo.pid);
    const grownPeak = peakRss(grown.pid);
    console.log(
      `\nAt 10 connections: a visitor ${LOAD_SECONDS} s; rendered, the median of ${RENDERED_ROUNDS} rounds of ${RENDERED_SECONDS} s taken in turn on the two sites; demo ${demoLast} directory page(s), with the crowd ${grownLast}:`,
    );
    const results: {
      path: string;
      samePage: boolean;
      demo: Figures;
      grown: Figures;
      p50Ratio: number;
      cpuRatio: number;
    }[] = [];
    for (const [a, b] of pages) {
      const figures = { path: b, samePage: a === b, ...(await measurePair(demo, a, grown, b)) };
      results.push(figures);
      console.log(`  ${a === b ? a : `${a} | ${b}`}`);
      console.log(`    demo       ${line(figures.demo)}`);
      console.log(`    with crowd ${line(figures.grown)}`);
    }
    const [demoMax, grownMax] = [demoPeak(), grownPeak()];
    const [demoAfter, grownAfter] = [rssOf(demo.pid), rssOf(grown.pid)];

    console.log('\nGoals:');
    for (const { path, grown: figures } of results.slice(0, 2)) {
      console.log(
        `  ${path} HTML with the crowd: ${kb(figures.html)} (goal under ${kb(GOALS.membersHtml)}): ${figures.html < GOALS.membersHtml ? 'met' : 'NOT MET'}`,
      );
    }
    for (const { path, samePage, demo: before, grown: after, p50Ratio: ratio, cpuRatio } of results) {
      const goal = path.startsWith('/resources/') ? GOALS.resourceP50Ratio : GOALS.p50Ratio;
      // A crowd printer's fully booked week is another page than the demo printer's: no goal.
      const verdict = samePage
        ? `(goal at most ${goal}x): ${ratio <= goal ? 'met' : 'NOT MET'}`
        : '(another page than the demo one: no goal)';
      console.log(
        `  ${path} rendered p50 with the crowd / demo: ${after.rendered.p50} / ${before.rendered.p50} ms, median of the rounds' ratios ${ratio.toFixed(2)}x ${verdict}; CPU a request ${cpuRatio.toFixed(2)}x`,
      );
    }
    console.log(
      `  RSS, demo: peak ${mb(demoMax)} during the load, ${mb(demoAfter)} after (goal under ${mb(GOALS.demoRss)}): ${demoMax < GOALS.demoRss ? 'met' : 'NOT MET'}`,
    );
    console.log(
      `  RSS, with the crowd: peak ${mb(grownMax)} during the load, ${mb(grownAfter)} after (goal under ${mb(GOALS.crowdRss)}): ${grownMax < GOALS.crowdRss ? 'met' : 'NOT MET'}`,
    );
    await againstATenth(crowd, grown, `/members?page=${Math.ceil(grownLast / 2)}`);
  } finally {
    demo.stop();
    grown.stop();
  }
}

/**
 * What grows with the community alone: a middle page of the directory, 24 cards of the crowd's
 * members, with a tenth of the crowd and with all of it. Against the demo data, a middle page also
 * holds more (24 cards and their posts where the demo's one page holds 13); here both hold the same.
 */
async function againstATenth(crowd: Crowd, grown: Site, grownPath: string) {
  const tenth = { members: Math.ceil(crowd.members / 10), posts: crowd.posts };
  const small = await startDemoSite(tenth);
  try {
    const smallPath = `/members?page=${Math.ceil((await lastPage(small)) / 2)}`;
    await warm(small, smallPath);
    const figures = await measurePair(small, smallPath, grown, grownPath);
    console.log(
      `\nA middle page of full cards, with ${tenth.members} crowd members (${smallPath}) and with ${crowd.members} (${grownPath}):`,
    );
    console.log(`    ${String(tenth.members).padEnd(10)} ${line(figures.demo)}`);
    console.log(`    ${String(crowd.members).padEnd(10)} ${line(figures.grown)}`);
    console.log(
      `  with all of it / a tenth: rendered p50, median of the rounds' ratios ${figures.p50Ratio.toFixed(2)}x; CPU a request ${figures.cpuRatio.toFixed(2)}x`,
    );
  } finally {
    small.stop();
  }
}
