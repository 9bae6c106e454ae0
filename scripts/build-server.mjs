// Bundles the server, the command line and the embedded database thread into dist/server.
// Packages stay external: PGlite loads its WebAssembly and extensions from its own folder at run time.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/server/main.ts', 'src/server/cli.ts', 'src/server/db/pglite-worker.ts'],
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
