import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import QRCode from 'qrcode';
import { chromiumArgs } from '../../playwright.config';
import { printedCodes } from '../support/pdf';
import { expect, fieldId, seedVault, seedWarehouse, test, vaultNumber } from './fixtures';

// Chromium's fake camera plays a y4m file in a loop; the file is made here, from QR codes of
// the labels the server printed, with Debian's ffmpeg. The browser is launched with the file's
// path, and opens the file only when the page asks for the camera, so each test writes it first.
const CAMERA_DIR = path.resolve('.tmp/e2e-camera');
const CAMERA_FILE = path.join(CAMERA_DIR, 'camera.y4m');
mkdirSync(CAMERA_DIR, { recursive: true });

test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      ...chromiumArgs,
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${CAMERA_FILE}`,
    ],
  },
  permissions: ['camera'],
});

/** A 640 x 480 video showing each QR code for two seconds in turn (then looping); none: blank. */
async function writeCameraVideo(urls: string[]): Promise<void> {
  if (urls.length === 0) {
    execFileSync('ffmpeg', [
      ...['-loglevel', 'error', '-f', 'lavfi', '-i', 'color=c=white:s=640x480:r=5:d=1'],
      ...['-pix_fmt', 'yuv420p', '-y', CAMERA_FILE],
    ]);
    return;
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'vaultgrid-camera-'));
  try {
    const inputs: string[] = [];
    const scaled: string[] = [];
    for (const [i, url] of urls.entries()) {
      const png = path.join(dir, `${i}.png`);
      await QRCode.toFile(png, url, { width: 360, margin: 4 });
      inputs.push('-loop', '1', '-t', '2', '-i', png);
      scaled.push(`[${i}:v]scale=360:360,pad=640:480:140:60:white,setsar=1,fps=5[v${i}]`);
    }
    const joined = urls.map((_, i) => `[v${i}]`).join('');
    const out = path.join(dir, 'camera.y4m');
    execFileSync('ffmpeg', [
      '-loglevel',
      'error',
      ...inputs,
      '-filter_complex',
      `${scaled.join(';')};${joined}concat=n=${urls.length}:v=1:a=0,format=yuv420p[out]`,
      '-map',
      '[out]',
      '-y',
      out,
    ]);
    renameSync(out, CAMERA_FILE);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('staff scan a vault, scan a field and move the vault there with one tap', async ({
  signedInPage: page,
  baseURL,
}) => {
  const w = await seedWarehouse(page.request, { rows: 2, cols: 2, field_capacity: 3 });
  const number = vaultNumber();
  const vault = await seedVault(page.request, {
    field_id: fieldId(w, 'A1'),
    position: 1,
    vault_id: number,
    customer_name: 'JOHNSON',
  });
  await seedVault(page.request, { field_id: fieldId(w, 'B2'), position: 1 });

  const codeOf = async (data: object) => {
    const res = await page.request.post('/api/labels', {
      data: { format: 'small-2x1', ...data },
    });
    expect(res.status()).toBe(200);
    const [code] = printedCodes(Buffer.from(await res.body()));
    return `${baseURL}/s/${code}`;
  };
  const vaultUrl = await codeOf({ of: 'vaults', vaultIds: [vault.id] });
  const fieldUrl = await codeOf({ of: 'fields', fieldIds: [fieldId(w, 'B2')] });
  await writeCameraVideo([vaultUrl, fieldUrl]);

  const fetched: string[] = [];
  page.on('request', (request) => fetched.push(request.url()));
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('link', { name: 'Scan', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Scan', exact: true })).toBeVisible();

  const found = page.getByRole('region', { name: `Vault ${number}` });
  await expect(found).toBeVisible({ timeout: 20_000 });
  await expect(found).toContainText('JOHNSON');
  await expect(found).toContainText(`${w.name}, field A1, position 1`);
  await expect(found.getByRole('button', { name: 'Stage' })).toBeVisible();
  await expect(found.getByRole('link', { name: 'Open field A1' })).toBeVisible();

  const confirm = page.getByRole('dialog', { name: 'Move vault' });
  await expect(confirm).toContainText(`Move vault ${number} to B2, position 2?`, {
    timeout: 20_000,
  });
  await confirm.getByRole('button', { name: 'Move' }).click();
  await expect(page.getByText(`Vault ${number} moved to B2, position 2.`)).toBeVisible();
  await expect(found).toContainText(`${w.name}, field B2, position 2`);

  // The decoder (the browser's own, or our zxing build) needed nothing from another origin.
  const local = (url: string) => url.startsWith(`${baseURL}/`) || /^(blob|data):/.test(url);
  expect(fetched.filter((url) => !local(url))).toEqual([]);
  if (!(await page.evaluate(() => 'BarcodeDetector' in window))) {
    expect(fetched.some((url) => /\/assets\/zxing_reader-[\w-]+\.wasm$/.test(url))).toBe(true);
  }

  // The move is the server's: the vault's history says so.
  const history = await page.request.get(`/api/vaults/${vault.id}/history`);
  const events = (await history.json()) as { kind: string; details: { to?: { field: string } } }[];
  expect(events[0]).toMatchObject({ kind: 'moved', details: { to: { field: 'B2' } } });
});

test('a plain vault number typed or scanned from an old tag finds the vault', async ({
  signedInPage: page,
}) => {
  await writeCameraVideo([]);
  const w = await seedWarehouse(page.request, { rows: 1, cols: 2 });
  const number = vaultNumber();
  await seedVault(page.request, { field_id: fieldId(w, 'A1'), position: 1, vault_id: number });
  await page.goto('/scan');
  await page.getByLabel('Vault number, field or code').fill(number);
  await page.keyboard.press('Enter');
  const found = page.getByRole('region', { name: `Vault ${number}` });
  await expect(found).toContainText(`${w.name}, field A1, position 1`);
  // A field typed by name is found in the warehouse of the vault in hand.
  await page.getByLabel('Vault number, field or code').fill('b1');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Move vault' })).toContainText(
    `Move vault ${number} to B1, position 1?`,
  );
});

test('a label address sends a stranger to sign-in with nothing learned, and staff on to the vault', async ({
  signedInPage: page,
  browser,
  baseURL,
  staff,
}) => {
  await writeCameraVideo([]);
  const w = await seedWarehouse(page.request, { rows: 1, cols: 1 });
  const number = vaultNumber();
  const vault = await seedVault(page.request, {
    field_id: fieldId(w, 'A1'),
    position: 1,
    vault_id: number,
    customer_name: 'WHITFIELD',
  });
  const res = await page.request.post('/api/labels', {
    data: { format: 'small-2x1', of: 'vaults', vaultIds: [vault.id] },
  });
  const [code = ''] = printedCodes(Buffer.from(await res.body()));

  const context = await browser.newContext({ baseURL });
  const stranger = await context.newPage();
  await stranger.goto(`/s/${code}`);
  await expect(stranger).toHaveURL(/\/login$/);
  await expect(stranger.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();
  const shown = await stranger.locator('body').innerText();
  expect(shown).not.toContain('WHITFIELD');
  expect(shown).not.toContain(number);

  await stranger.getByLabel('Email').fill(staff.email);
  await stranger.getByLabel('Password').fill(staff.password);
  await stranger.getByRole('button', { name: 'Sign in' }).click();
  await expect(stranger.getByRole('region', { name: `Vault ${number}` })).toContainText(
    'WHITFIELD',
  );
  await context.close();
});

test('an audit takes the vaults it sees from the camera, and a field label typed in is refused', async ({
  signedInPage: page,
  baseURL,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const w = await seedWarehouse(page.request, { rows: 1, cols: 2, field_capacity: 3 });
  const number = vaultNumber();
  const vault = await seedVault(page.request, {
    field_id: fieldId(w, 'A1'),
    position: 1,
    vault_id: number,
  });
  const labelOf = async (data: object) => {
    const res = await page.request.post('/api/labels', { data: { format: 'small-2x1', ...data } });
    const [code] = printedCodes(Buffer.from(await res.body()));
    return `${baseURL}/s/${code}`;
  };
  await writeCameraVideo([await labelOf({ of: 'vaults', vaultIds: [vault.id] })]);
  const fieldLabel = await labelOf({ of: 'fields', fieldIds: [fieldId(w, 'B1')] });

  await page.goto('/audits');
  await page.getByLabel('Warehouse', { exact: true }).selectOption({ label: w.name });
  await page.getByRole('radio', { name: 'One field' }).check();
  await page.getByLabel('Field (as on its label, e.g. A3)').fill('A1');
  await page.getByRole('button', { name: 'Start audit' }).click();

  await page.getByRole('button', { name: 'Scan with the camera' }).click();
  const seen = page.getByRole('list', { name: 'Seen in field A1, bottom to top' });
  await expect(seen.getByRole('listitem')).toHaveText([`1.#${number}×`], { timeout: 20_000 });
  await page.getByRole('button', { name: 'Stop the camera' }).click();

  // A hand-held scanner types a label's address: a field's label is not a vault seen.
  const box = page.getByLabel('Vault number seen in field A1');
  await box.fill(fieldLabel);
  await box.press('Enter');
  await expect(page.getByRole('alert')).toHaveText(
    'That is the label of field B1: scan the vaults in it.',
  );
  await page.getByRole('button', { name: 'Compare field A1 with the records' }).click();
  await expect(
    page
      .getByRole('list', { name: 'Findings in field A1' })
      .getByRole('listitem', { name: `Vault ${number}: Found in place` }),
  ).toBeVisible();
});
