// In Chromium: how long after its data arrives a 1,000-field warehouse is painted, from
// typing a search to the suggestions, and from picking one to the grid highlighted; and the
// JavaScript the landing and sign-in pages load (gzip), which must not include the signed-in
// app.
import zlib from 'node:zlib';
import { chromium, type Browser } from '@playwright/test';
import { percentile, type Sample, type Target } from './support';

/**
 * Page loads per run. The median of five moved with one slow load of this shared machine
 * (86-148 ms painted after the data, run to run); nine, as the quick client loop always used
 * (decision 0116).
 */
export const BROWSER_ROUNDS = 9;

const ARGS = [
  '--no-sandbox',
  '--headless',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

function sample(name: string, times: number[], target?: Target): Sample {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    name,
    medianMs: percentile(sorted, 50),
    p95Ms: percentile(sorted, 95),
    rps10: null,
    rps50: null,
    bytes: null,
    target,
  };
}

// The page-side scripts are strings, so no helper the TypeScript loader adds to named
// functions reaches the page.

/**
 * Installed before the page's own scripts: `__benchAfterPaint(fn)` calls fn once the frame
 * after now has been painted (a task queued from requestAnimationFrame runs after that
 * frame's style, layout and paint), and `__benchGridPainted` records when a grid of at
 * least `n` cells, seen the moment React puts it in the DOM, has been painted.
 */
const WATCH_GRID = (n: number) => `
window.__benchAfterPaint = (fn) => requestAnimationFrame(() => {
  const channel = new MessageChannel();
  channel.port1.onmessage = fn;
  channel.port2.postMessage(null);
});
new MutationObserver((_, observer) => {
  const grid = document.querySelector('[role="grid"]');
  if (!grid || grid.querySelectorAll('[role="gridcell"]').length < ${n}) return;
  observer.disconnect();
  window.__benchAfterPaint(() => (window.__benchGridPainted = performance.now()));
}).observe(document, { childList: true, subtree: true });`;

/**
 * Clicks the marked suggestion and resolves with the time until the grid shows the pick (the
 * grid dimming what is outside the search, a field named as matching) and that frame has been
 * painted, on the page's clock. Afterwards, outside the timed part, it checks that the grid is
 * really greyed under its veil and a match drawn above it, so the timing cannot pass on
 * attributes alone.
 */
const TIME_PICK = `new Promise((resolve, reject) => {
  const grid = document.querySelector('[role="grid"]');
  const isShown = () =>
    grid.hasAttribute('data-searching') &&
    grid.querySelector('[role="gridcell"][aria-label*="matches search"]');
  let start = 0;
  const observer = new MutationObserver(() => {
    if (!isShown()) return;
    observer.disconnect();
    window.__benchAfterPaint(() => {
      const time = performance.now() - start;
      const match = grid.querySelector('[role="gridcell"][aria-label*="matches search"]');
      if (getComputedStyle(grid, '::after').backdropFilter === 'none')
        reject(new Error('the grid is not greyed outside the search'));
      else if (getComputedStyle(match).zIndex !== '1')
        reject(new Error('the match is not drawn above the grey'));
      else resolve(time);
    });
  });
  observer.observe(grid, {
    subtree: true,
    attributes: true,
    attributeFilter: ['data-searching', 'aria-label'],
  });
  start = performance.now();
  document.querySelector('[data-bench-pick]').click();
})`;

/** From the warehouse answer's last byte to the painted grid, on the page's clock. */
const PAINT_AFTER_DATA = `(() => {
  const answer = performance
    .getEntriesByType('resource')
    .filter((e) => e.name.includes('/api/warehouse/by-slug/'))
    .at(-1);
  return answer ? window.__benchGridPainted - answer.responseEnd : Number.NaN;
})()`;

export interface PageScripts {
  /** The address opened as a stranger: `/` (landing) or `/login` (sign-in). */
  path: string;
  /** Every script it loaded, gzipped at level 9 as the build's precompressed files are. */
  gzipBytes: number;
  files: string[];
}

/** A stranger opens `path` in a fresh context (no cache, no cookie): the scripts it loads. */
async function pageScripts(
  browser: Browser,
  baseUrl: string,
  path: string,
  heading: string,
): Promise<PageScripts> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const bodies: Promise<number>[] = [];
    const files: string[] = [];
    page.on('response', (response) => {
      const url = response.url();
      if (!/\.m?js(\?|$)/.test(url)) return;
      files.push(new URL(url).pathname);
      bodies.push(response.body().then((body) => zlib.gzipSync(body, { level: 9 }).length));
    });
    await page.goto(baseUrl + path, { waitUntil: 'networkidle' });
    // The page really showed what a stranger should see, not a blank or broken one.
    await page.getByRole('heading', { name: heading }).waitFor({ timeout: 30_000 });
    // Every body is read before the context closes, or a script would go uncounted.
    const sizes = await Promise.all(bodies);
    return { path, gzipBytes: sizes.reduce((a, b) => a + b, 0), files };
  } finally {
    await context.close();
  }
}

export async function measureBrowser(
  baseUrl: string,
  login: { email: string; password: string },
  warehouse: { slug: string; fieldCount: number },
  searchText: string,
  rounds: number,
): Promise<{ samples: Sample[]; strangerPages: PageScripts[] }> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ARGS,
  });
  try {
    const strangerPages = [
      await pageScripts(browser, baseUrl, '/', 'Your storage warehouse, field by field.'),
      await pageScripts(browser, baseUrl, '/login', 'Sign in to your account'),
    ];

    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.addInitScript(WATCH_GRID(warehouse.fieldCount));
    const res = await page.request.post(`${baseUrl}/api/auth/login`, { data: login });
    if (!res.ok()) throw new Error(`bench sign-in failed: ${res.status()}`);

    const open: number[] = [];
    const paint: number[] = [];
    const suggest: number[] = [];
    const highlight: number[] = [];
    for (let i = 0; i < rounds; i++) {
      const start = Date.now();
      await page.goto(`${baseUrl}/warehouse/${warehouse.slug}`);
      await page.waitForFunction(
        () => (window as { __benchGridPainted?: number }).__benchGridPainted !== undefined,
        undefined,
        { timeout: 60_000 },
      );
      open.push(Date.now() - start);
      paint.push(await page.evaluate<number>(PAINT_AFTER_DATA));

      const box = page.getByRole('combobox', { name: 'Search' });
      const typed = Date.now();
      await box.fill(searchText);
      const option = page.getByRole('group', { name: 'Customer' }).getByRole('option').first();
      await option.waitFor({ timeout: 30_000 });
      suggest.push(Date.now() - typed);
      // Picked and timed inside the page, so Playwright's round trips are not counted.
      await option.evaluate((el) => el.setAttribute('data-bench-pick', ''));
      highlight.push(await page.evaluate<number>(TIME_PICK));
    }
    return {
      samples: [
        sample(`open warehouse, ${warehouse.fieldCount} fields painted`, open),
        sample('warehouse painted after its data arrives', paint, { medianMs: 100 }),
        sample('type search -> suggestions shown', suggest),
        sample('pick suggestion -> grid highlighted', highlight, { medianMs: 16 }),
      ],
      strangerPages,
    };
  } finally {
    await browser.close();
  }
}
