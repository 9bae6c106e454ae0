// The phone budgets in Debian's Chromium on the demo company: 390 x 844, touch, the CPU slowed
// 4x and 40 ms added to every request through the DevTools protocol. Each figure is what the
// user sees: from the input event's own time stamp to the painted frame that shows the result.
import { chromium, type JSHandle, type Page } from '@playwright/test';
import { chromiumArgs } from '../playwright.config';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../src/server/demo/demo';
import { figure, type Figure } from './figures';
import { fieldsWithRoom, type FieldShape } from './support';

const WAREHOUSE = 'Harbor Wide Warehouse';

interface BenchWindow {
  __benchMs?: number;
}

/**
 * In the page: the first input event from now on starts the clock; the first DOM change after
 * it that makes `check` hold stops it once that frame is painted (a task queued from
 * requestAnimationFrame runs after the frame's paint).
 */
const arm = (check: () => boolean) => {
  if (check()) throw new Error('The result shows before the input.');
  const w = window as BenchWindow;
  delete w.__benchMs;
  let start = -1;
  const inputs = ['touchstart', 'pointerdown', 'mousedown', 'click', 'keydown'];
  const onInput = (e: Event) => {
    if (start < 0) start = e.timeStamp;
  };
  for (const type of inputs) window.addEventListener(type, onInput, true);
  const observer = new MutationObserver(() => {
    if (start < 0 || !check()) return;
    observer.disconnect();
    for (const type of inputs) window.removeEventListener(type, onInput, true);
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => (w.__benchMs = performance.now() - start);
      channel.port2.postMessage(null);
    });
  });
  const all = { subtree: true, childList: true, attributes: true, characterData: true };
  observer.observe(document, all);
};

/** Milliseconds from the input `act` makes to the painted frame where `check` holds. */
async function timed(page: Page, check: JSHandle<() => boolean>, act: () => Promise<void>) {
  await page.evaluate(arm, check);
  await act();
  // Polled every 50 ms rather than every frame: the page keeps its own time, and a poll each
  // frame would load the slowed CPU it is measuring.
  const done = await page.waitForFunction(() => (window as BenchWindow).__benchMs, undefined, {
    polling: 50,
    timeout: 30_000,
  });
  return (await done.jsonValue()) ?? Number.NaN;
}

export async function measurePhone(url: string, runs: number): Promise<Figure[]> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: chromiumArgs,
  });
  try {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 3,
      isMobile: true,
      hasTouch: true,
    });
    // tsx names functions through a helper the page does not have.
    await context.addInitScript('globalThis.__name = (f) => f;');
    const api = context.request;
    const login = await api.post(`${url}/api/auth/login`, {
      data: { email: DEMO_EMAIL, password: DEMO_PASSWORD },
    });
    if (!login.ok()) throw new Error(`Demo sign-in answered ${login.status()}`);
    const summaries = (await (await api.get(`${url}/api/warehouse/summaries`)).json()) as {
      name: string;
      slug: string;
    }[];
    const slug = summaries.find((s) => s.name === WAREHOUSE)?.slug ?? '';
    type Warehouse = { fieldCapacity: number; fields: Record<string, FieldShape> };
    const warehouse = (await (
      await api.get(`${url}/api/warehouse/by-slug/${slug}`)
    ).json()) as Warehouse;
    const room = fieldsWithRoom(warehouse);
    const field = room.find((f) => Object.keys(f.vaults).length === 1) ?? room[0];
    if (!field) throw new Error(`${WAREHOUSE} has no field with room.`);
    const position = Object.keys(field.vaults).length + 1;
    const customers = (warehouse as unknown as { customers: string[] }).customers;
    const searchText = (customers[0] ?? 'a').slice(0, 4).toLowerCase();

    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Network.enable');
    const network = { offline: false, latency: 40, downloadThroughput: -1, uploadThroughput: -1 };
    await cdp.send('Network.emulateNetworkConditions', network);
    // A string, so the check is compiled through the DevTools protocol, which the page's
    // Content-Security-Policy (no eval) does not govern.
    const when = (fn: (arg: string) => boolean, arg: string) =>
      page.evaluateHandle(`() => (${fn.toString()})(${JSON.stringify(arg)})`) as Promise<
        JSHandle<() => boolean>
      >;
    const times = new Map<string, number[]>();
    // Round 0 warms the server and the browser's caches and is not counted.
    for (let round = 0; round <= runs; round++) {
      const note = (name: string, ms: number) => {
        if (round > 0) times.set(name, [...(times.get(name) ?? []), ms]);
      };
      await page.goto(`${url}/dashboard`, { waitUntil: 'commit' });
      const shown = await page.waitForFunction(
        (n) => document.querySelectorAll('main article').length >= n && performance.now(),
        summaries.length,
        { polling: 'raf' },
      );
      note('dashboard, from its address', (await shown.jsonValue()) as number);

      const link = page.getByRole('article', { name: WAREHOUSE }).getByRole('link').first();
      const allCells = await when(
        (n) => document.querySelectorAll('[role="grid"] [role="gridcell"]').length >= Number(n),
        // A couchbox's top cell covers its bottom half.
        String(Object.values(warehouse.fields).filter((f) => f.type !== 'couchbox-B').length),
      );
      note(
        '40 x 25 warehouse, its link to all cells',
        await timed(page, allCells, () => link.tap()),
      );

      const cell = page.locator(`[role="gridcell"][aria-label^="${field.name},"]`);
      const panel = await when(
        (name) =>
          document.querySelector('aside[aria-label="Selected field"] h2')?.textContent ===
          `Field ${name}`,
        field.name,
      );
      note('tap a field, to its panel', await timed(page, panel, () => cell.tap()));

      const number = `P${Date.now().toString(36).toUpperCase()}`;
      await page.getByRole('button', { name: `Add at position ${position}` }).tap();
      await page
        .getByRole('dialog', { name: 'Confirm Add Vault' })
        .getByRole('button', { name: 'Yes, add it' })
        .tap();
      const form = page.getByRole('dialog', { name: 'New Vault Info' });
      await form.getByLabel('Customer Name').fill('phone bench');
      await form.getByLabel('Order Number').fill('PB-1');
      await form.getByLabel('Vault Number').fill(number);
      const inPanel = (isThere: boolean) =>
        when(
          (a) =>
            !document.querySelector('[role="dialog"]') &&
            !!document.querySelector(`aside li[aria-label="Vault ${a.slice(1)}"]`) ===
              (a[0] === '+'),
          `${isThere ? '+' : '-'}${number}`,
        );
      const submit = form.getByRole('button', { name: 'Add Vault' });
      note(
        'add a vault, submit to the panel',
        await timed(page, await inPanel(true), () => submit.tap()),
      );

      await page.getByRole('button', { name: `Stage Vault ${number}`, exact: true }).tap();
      const yesStage = page
        .getByRole('dialog', { name: 'Stage Vault' })
        .getByRole('button', { name: 'Yes, stage it' });
      note('stage a vault', await timed(page, await inPanel(false), () => yesStage.tap()));

      const box = page.getByRole('combobox', { name: 'Search' });
      await box.fill(searchText);
      const option = page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option').first();
      await option.waitFor();
      const highlighted = await when(
        () =>
          !!document.querySelector(
            '[role="grid"][data-searching] [role="gridcell"][aria-label*="matches search"]',
          ),
        '',
      );
      note(
        'search pick, to the highlighted fields',
        await timed(page, highlighted, () => option.tap()),
      );

      await page.goto(`${url}/stage`);
      await page.getByRole('button', { name: `Staged Vault ${number},` }).tap();
      const move = page.getByRole('dialog', { name: new RegExp(`^Move Vault ${number} into`) });
      await move.getByLabel('Warehouse').selectOption({ label: WAREHOUSE });
      await move.locator(`[role="gridcell"][aria-label^="${field.name},"]`).tap();
      await move.getByRole('button', { name: `Add at position ${position}` }).tap();
      const yesMove = page
        .getByRole('dialog', { name: 'Confirm Add Vault' })
        .getByRole('button', { name: 'Yes, add it' });
      const moved = await when(
        (text) =>
          [...document.querySelectorAll('[role="status"]')].some((s) =>
            s.textContent?.includes(text),
          ),
        `Vault ${number} moved to ${WAREHOUSE}`,
      );
      note('move a vault from stage', await timed(page, moved, () => yesMove.tap()));

      const placed = (await (await api.get(`${url}/api/vaults/lookup/${number}`)).json()) as {
        id: number;
      };
      if (!(await api.delete(`${url}/api/vaults/${placed.id}`)).ok())
        throw new Error('Delete failed.');
    }
    const targets: Record<string, number> = {
      'dashboard, from its address': 1000,
      '40 x 25 warehouse, its link to all cells': 1000,
      'tap a field, to its panel': 100,
      'search pick, to the highlighted fields': 100,
      'add a vault, submit to the panel': 200,
      'stage a vault': 200,
      'move a vault from stage': 200,
    };
    return Object.entries(targets).map(([name, target]) =>
      figure(name, 'PGlite', target, times.get(name) ?? []),
    );
  } finally {
    await browser.close();
  }
}
