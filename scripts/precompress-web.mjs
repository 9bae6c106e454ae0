// Compresses the built client once, at build time, at the highest settings (Brotli 11 and
// gzip 9), beside each file (app.js.br, app.js.gz); the server sends these as they are
// (decision 0026), instead of compressing every asset on every request at Brotli's quality 1.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const root = process.argv[2] ?? 'dist/web';
const COMPRESSIBLE = new Set([
  '.js',
  '.mjs',
  '.css',
  '.html',
  '.svg',
  '.json',
  '.webmanifest',
  '.txt',
]);
/** Below this a compressed file saves less than its own headers cost. */
const MIN_BYTES = 1024;

function* files(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

let count = 0;
for (const file of files(root)) {
  if (!COMPRESSIBLE.has(path.extname(file))) continue;
  const body = fs.readFileSync(file);
  if (body.length < MIN_BYTES) continue;
  fs.writeFileSync(
    `${file}.br`,
    zlib.brotliCompressSync(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
  );
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(body, { level: 9 }));
  count++;
}
console.log(`precompressed ${count} files in ${root}`);
