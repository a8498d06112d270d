// `npm run lighthouse` (after a build): Lighthouse's mobile preset (simulated slow 4G, 4x CPU
// slowdown, a phone's screen) on every public page of the demo site, with Debian's Chromium or
// else Playwright's. Prints each page's scores, LCP, TBT and CLS, and at the end every run that
// scored under 100 on any category (exit code 1 if there is one). The read pages are measured
// twice: as a visitor, who gets them without scripts, and as a signed-in member, who gets the
// JavaScript (the comparison behind docs/decisions/016-no-scripts-for-visitors.md).
// `npm run lighthouse -- --observed`: the same slow 4G and 4x CPU applied to the browser and
// measured ('devtools' throttling) instead of simulated from an unthrottled load (the default).
// `npm run lighthouse -- --tasks`: under each page, its main thread's long tasks and what they did
// (scripts/lighthouse-tasks.ts).
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumLaunchOptions } from '../tests/support/browser';
import { READ_PAGES, startDemoSite } from './demo-site';
import { longTasks } from './lighthouse-tasks';

/** Every page a visitor can open: the read pages, the legal texts and the forms before sign-in. */
const PUBLIC_PAGES = [
  ...READ_PAGES,
  '/resources',
  '/privacy',
  '/terms',
  '/login',
  '/register',
  '/forgot-password',
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

const site = await startDemoSite();
const chrome = await chromeLauncher.launch({
  chromePath: chromiumLaunchOptions.executablePath ?? chromium.executablePath(),
  chromeFlags: ['--headless=new', ...chromiumLaunchOptions.args],
});

// Lighthouse's simulation starts from an unthrottled load on this machine, so a page's figures
// vary from run to run (LCP by up to 0.2 s here); like Lighthouse's own guidance, each page runs
// RUNS times (default 3) and the run with the median LCP is the one reported; every run's
// performance score is printed beside it, and any run under 100 is listed at the end.
const RUNS = Number(process.env.RUNS ?? 3);
const under100: string[] = [];

async function lighthouseRun(pagePath: string, cookie?: string) {
  const result = await lighthouse(site.base + pagePath, {
    port: chrome.port,
    logLevel: 'error',
    output: 'json',
    onlyCategories: CATEGORIES,
    extraHeaders: cookie ? { Cookie: cookie } : undefined,
    throttlingMethod: process.argv.includes('--observed') ? 'devtools' : 'simulate',
  });
  return Object.assign(result!.lhr, { trace: result!.artifacts.Trace });
}

async function audit(pagePath: string, cookie?: string) {
  const who = cookie ? 'member' : 'visitor';
  const runs: Awaited<ReturnType<typeof lighthouseRun>>[] = [];
  // A run whose trace Chromium did not record (NO_NAVSTART, now and then here) is run again, as
  // Lighthouse's message says; twice in a row fails the page.
  let failed = 0;
  while (runs.length < RUNS) {
    const lhr = await lighthouseRun(pagePath, cookie);
    if (!lhr.runtimeError) runs.push(lhr);
    else if (++failed === 2) {
      under100.push(`${pagePath} (${who}): failed`);
      return `failed: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`;
    }
  }
  const lcp = (lhr: (typeof runs)[number]) => lhr.audits['largest-contentful-paint'].numericValue ?? 0;
  const runScore = (lhr: (typeof runs)[number], name: string) =>
    Math.round((lhr.categories[name]?.score ?? 0) * 100);
  runs.forEach((lhr, i) => {
    const low = CATEGORIES.filter((name) => runScore(lhr, name) < 100);
    if (low.length)
      under100.push(
        `${pagePath} (${who}, run ${i + 1}): ${low.map((name) => `${name} ${runScore(lhr, name)}`).join(', ')}`,
      );
  });
  const performances = runs.map((lhr) => runScore(lhr, 'performance'));
  runs.sort((a, b) => lcp(a) - lcp(b));
  const median = runs[Math.floor(runs.length / 2)];
  const { audits } = median;
  const score = (name: string) => runScore(median, name);
  const ms = (name: string) => `${Math.round(audits[name].numericValue ?? 0)} ms`;
  return (
    `performance ${score('performance')}, accessibility ${score('accessibility')}, ` +
    `best practices ${score('best-practices')}, SEO ${score('seo')}; LCP ${ms('largest-contentful-paint')}, ` +
    `TBT ${ms('total-blocking-time')}, CLS ${(audits['cumulative-layout-shift'].numericValue ?? 0).toFixed(3)}` +
    (runs.length > 1
      ? ` (performance of the ${runs.length} runs: ${performances.join(', ')}; LCP: ${runs.map((lhr) => Math.round(lcp(lhr))).join(', ')} ms)`
      : '') +
    (process.env.LCP_DETAILS
      ? `\n${JSON.stringify(audits['largest-contentful-paint-element'].details)}`
      : '') +
    (process.argv.includes('--tasks') ? `\n${longTasks(median.trace, site.base).join('\n')}` : '')
  );
}

try {
  const browser = await chromium.launch(chromiumLaunchOptions);
  const cookie = await site.memberCookie(browser);
  await browser.close();
  console.log(
    `Lighthouse mobile preset (${process.argv.includes('--observed') ? 'throttling applied and observed' : 'throttling simulated'}), ` +
      `median of ${RUNS} runs, a visitor:`,
  );
  for (const pagePath of process.env.PAGES?.split(',') ?? PUBLIC_PAGES)
    console.log(`  ${pagePath.padEnd(48)} ${await audit(pagePath)}`);
  console.log('The same read pages for a signed-in member (with JavaScript):');
  for (const pagePath of process.env.PAGES?.split(',') ?? READ_PAGES)
    console.log(`  ${pagePath.padEnd(48)} ${await audit(pagePath, cookie)}`);
  console.log(
    under100.length
      ? `Runs under 100:\n  ${under100.join('\n  ')}`
      : 'Every run of every page: 100 in every category.',
  );
  if (under100.length) process.exitCode = 1;
} finally {
  chrome.kill();
  site.stop();
}
