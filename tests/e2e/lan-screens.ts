import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import config, { E2E_ADMIN, E2E_BASE_URL } from '../../playwright.config';

// Issue 30's screens are tried as the floor uses them: a phone or a desktop opening the server
// by its LAN name over plain http, where a browser grants fewer APIs than on localhost.
export const LAN_HOST = 'vaultgrid.lan';
const port = new URL(config.use?.baseURL ?? '').port;
const launchOptions = config.use?.launchOptions ?? {};

export const lanUse = {
  baseURL: `http://${LAN_HOST}:${port}`,
  launchOptions: {
    ...launchOptions,
    args: [...(launchOptions.args ?? []), `--host-resolver-rules=MAP ${LAN_HOST} 127.0.0.1`],
  },
};

export const viewports = [
  { kind: 'phone', viewport: { width: 390, height: 844 }, hasTouch: true },
  { kind: 'desktop', viewport: { width: 1366, height: 900 }, hasTouch: false },
] as const;

/**
 * `api`: the admin's calls from this machine (the test runner cannot resolve the LAN name, only
 * the browser can); `page`: the browser signed in as the same admin at the LAN address.
 */
export const test = base.extend<{ api: APIRequestContext; signedIn: Page }>({
  api: async ({ playwright }, use) => {
    const api = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
    expect((await api.post('/api/auth/login', { data: E2E_ADMIN })).status()).toBe(200);
    await use(api);
    await api.dispose();
  },
  signedIn: async ({ page }, use) => {
    await page.goto('/login');
    const status = await page.evaluate(async (staff) => {
      const res = await fetch('/api/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(staff),
      });
      return res.status;
    }, E2E_ADMIN);
    expect(status).toBe(200);
    await use(page);
  },
});

export { expect };

/** Drags from one point to another with a finger, as a phone sends it (Chromium's CDP). */
export async function touchDrag(
  page: Page,
  from: { x: number; y: number },
  to: { x: number; y: number },
): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const point = (p: { x: number; y: number }) => [{ x: p.x, y: p.y, id: 1 }];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: point(from) });
  // Held still past the touch sensor's delay, then moved in steps as a finger does.
  await page.waitForTimeout(250);
  const steps = 12;
  for (let i = 1; i <= steps; i++) {
    const at = {
      x: from.x + ((to.x - from.x) * i) / steps,
      y: from.y + ((to.y - from.y) * i) / steps,
    };
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: point(at) });
    await page.waitForTimeout(30);
  }
  await page.waitForTimeout(150);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

/** Drags with a mouse, in steps, past the pointer sensor's start distance. */
export async function mouseDrag(
  page: Page,
  from: { x: number; y: number },
  to: { x: number; y: number },
): Promise<void> {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + 6, from.y + 6, { steps: 3 });
  await page.mouse.move(to.x, to.y, { steps: 12 });
  await page.waitForTimeout(150);
  await page.mouse.up();
}

/** The colour a CSS colour value paints, as 0-255 RGB, whatever notation it is written in. */
export function paintedRgb(page: Page, css: string): Promise<[number, number, number]> {
  return page.evaluate((value) => {
    const canvas = document.createElement('canvas');
    canvas.width = 1;
    canvas.height = 1;
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('no canvas');
    ctx.fillStyle = value;
    ctx.fillRect(0, 0, 1, 1);
    const [r = 0, g = 0, b = 0] = ctx.getImageData(0, 0, 1, 1).data;
    return [r, g, b] as [number, number, number];
  }, css);
}

/** The colour of one screen pixel, read from a screenshot. */
export async function pixelAt(page: Page, x: number, y: number): Promise<[number, number, number]> {
  const png = await page.screenshot({ clip: { x, y, width: 1, height: 1 } });
  return page.evaluate(async (b64) => {
    const img = new Image();
    img.src = `data:image/png;base64,${b64}`;
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = 1;
    canvas.height = 1;
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('no canvas');
    ctx.drawImage(img, 0, 0);
    const [r = 0, g = 0, b = 0] = ctx.getImageData(0, 0, 1, 1).data;
    return [r, g, b] as [number, number, number];
  }, png.toString('base64'));
}
