// In Chromium: how long after its data arrives a 1,000-field warehouse is painted, from
// typing a search to the suggestions, and from picking one to the grid highlighted; and the
// JavaScript the landing page loads (gzip), which must not include the signed-in app.
import zlib from 'node:zlib';
import { chromium } from '@playwright/test';
import { percentile, type Sample, type Target } from './support';

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

/**
 * Clicks the marked suggestion and resolves with the time until the grid shows the pick
 * highlighted and painted, on the page's clock. A string, so no helper the TypeScript
 * loader adds to named functions reaches the page.
 */
const TIME_PICK = `new Promise((resolve) => {
  const start = performance.now();
  document.querySelector('[data-bench-pick]')?.click();
  (function check() {
    if (document.querySelector('[role="gridcell"][data-dimmed="true"]')) {
      requestAnimationFrame(() => resolve(performance.now() - start));
    } else requestAnimationFrame(check);
  })();
})`;

/** Two animation frames after now: what is in the DOM has been painted. */
const PAINTED = () =>
  new Promise<number>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(0))));

export async function measureBrowser(
  baseUrl: string,
  login: { email: string; password: string },
  warehouse: { slug: string; fieldCount: number },
  searchText: string,
  rounds: number,
): Promise<{ samples: Sample[]; landingJsGzipBytes: number }> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ARGS,
  });
  try {
    // The landing page as a stranger opens it: every script it loads, gzipped at level 9
    // as the build's precompressed files are.
    const stranger = await browser.newPage();
    let landingJsGzipBytes = 0;
    stranger.on('response', (response) => {
      if (!/\.m?js(\?|$)/.test(response.url())) return;
      void response
        .body()
        .then((body) => (landingJsGzipBytes += zlib.gzipSync(body, { level: 9 }).length))
        .catch(() => undefined);
    });
    await stranger.goto(baseUrl, { waitUntil: 'networkidle' });
    await stranger.close();

    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
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
        (n) => document.querySelectorAll('[role="gridcell"]').length >= n,
        warehouse.fieldCount,
        { timeout: 60_000, polling: 'raf' },
      );
      await page.evaluate(PAINTED);
      open.push(Date.now() - start);
      // From the warehouse answer's last byte to the painted grid, on the page's clock.
      paint.push(
        await page.evaluate(async () => {
          const entry = performance
            .getEntriesByType('resource')
            .filter((e) => e.name.includes('/api/warehouse/'))
            .at(-1) as PerformanceResourceTiming | undefined;
          await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
          return entry ? performance.now() - entry.responseEnd : Number.NaN;
        }),
      );

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
      landingJsGzipBytes,
    };
  } finally {
    await browser.close();
  }
}
