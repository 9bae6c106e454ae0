// In Chromium: time from opening a warehouse to its whole field grid painted, and from
// typing a search to the suggestions, then from picking one to the grid highlighted.
import { chromium } from '@playwright/test';
import { percentile, type Sample } from './support';

const ARGS = [
  '--no-sandbox',
  '--headless',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

function sample(name: string, times: number[]): Sample {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    name,
    medianMs: percentile(sorted, 50),
    p99Ms: percentile(sorted, 99),
    rps: null,
    bytes: null,
  };
}

export async function measureBrowser(
  baseUrl: string,
  login: { email: string; password: string },
  warehouse: { slug: string; fieldCount: number },
  searchText: string,
  rounds: number,
): Promise<Sample[]> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ARGS,
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    const res = await page.request.post(`${baseUrl}/api/auth/login`, { data: login });
    if (!res.ok()) throw new Error(`bench sign-in failed: ${res.status()}`);

    const open: number[] = [];
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
      // Two animation frames: the cells are in the DOM and a frame has been painted.
      await page.evaluate(
        () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))),
      );
      open.push(Date.now() - start);

      const box = page.getByRole('combobox', { name: 'Search' });
      const typed = Date.now();
      await box.fill(searchText);
      const option = page.getByRole('group', { name: 'Customer' }).getByRole('option').first();
      await option.waitFor({ timeout: 30_000 });
      suggest.push(Date.now() - typed);
      const picked = Date.now();
      await option.click();
      await page.waitForSelector('[role="gridcell"][data-dimmed="true"]', { timeout: 30_000 });
      highlight.push(Date.now() - picked);
    }
    return [
      sample(`open warehouse, ${warehouse.fieldCount} fields painted`, open),
      sample('type search -> suggestions shown', suggest),
      sample('pick suggestion -> grid highlighted', highlight),
    ];
  } finally {
    await browser.close();
  }
}
