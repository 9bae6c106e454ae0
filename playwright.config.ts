import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3210);
export const E2E_BASE_URL = `http://127.0.0.1:${PORT}`;
/** The server's HTTPS listener (HTTPS_PORT), where phones may use the camera. */
export const E2E_HTTPS_PORT = PORT + 100;

export const E2E_ADMIN = { email: 'e2e-admin@example.com', password: 'e2e-admin-password' };

// Debian's Chromium, not a downloaded browser build; flags keep it off the closed network.
export const chromiumArgs = [
  '--no-sandbox',
  '--headless',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export default defineConfig({
  testDir: 'tests/e2e',
  // One server and one browser: the machine has two cores, and tests share one database.
  workers: 1,
  fullyParallel: false,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list']],
  outputDir: '.tmp/test-results',
  use: {
    baseURL: E2E_BASE_URL,
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: chromiumArgs,
    },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `http://127.0.0.1:${PORT}/api/docs`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HTTPS_PORT: String(E2E_HTTPS_PORT),
      HOST: '127.0.0.1',
      DATA_DIR: '.tmp/e2e-data',
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      COMPANY_NAME: 'E2E Storage',
      LOG_LEVEL: 'warn',
    },
  },
});
