#!/usr/bin/env node
// The `vaultgrid` command. Runs the TypeScript source through tsx when the repo is checked
// out (no build needed after `npm install`), else the built CLI of a packaged install.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const source = join(root, 'src', 'server', 'cli.ts');
if (!existsSync(source)) {
  await import(pathToFileURL(join(root, 'dist', 'server', 'cli.js')).href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import(pathToFileURL(source).href);
}
