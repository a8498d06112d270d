// Dev aid: full-page screenshots of the public pages at 375 and 1280 px.
// usage: npx tsx scripts/screenshots.ts [baseUrl] [outDir] [path ...]
import fs from 'node:fs';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../tests/support/browser';
import { READ_PAGES } from './demo-site';

const [base = 'http://localhost:3000', out = '/tmp/shots', ...paths] = process.argv.slice(2);
const pages = paths.length ? paths : [...READ_PAGES, '/nope'];
fs.mkdirSync(out, { recursive: true });
const browser = await chromium.launch(chromiumLaunchOptions);
for (const width of [375, 1280]) {
  const page = await browser.newPage({ viewport: { width, height: 800 }, reducedMotion: 'reduce' });
  for (const path of pages) {
    await page.goto(base + path, { waitUntil: 'networkidle' });
    // Scroll through so lazy images load, then back to the top.
    await page.evaluate(async () => {
      for (let y = 0; y < document.body.scrollHeight; y += 600) {
        window.scrollTo(0, y);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      window.scrollTo(0, 0);
    });
    await page.waitForLoadState('networkidle');
    const name = `${width}-${path.replace(/[^a-z0-9]+/gi, '_') || 'home'}.png`;
    await page.screenshot({ path: `${out}/${name}`, fullPage: true });
    console.log(`${out}/${name}`);
  }
  await page.close();
}
await browser.close();
