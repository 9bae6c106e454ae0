// A backup at the bench's scale (issue 29): its time and size, and how long a warehouse read
// waits while it runs, since the embedded engine's one session holds the dump's snapshot.
import { figure, type Figure } from './figures';
import { median, type Client } from './support';

export async function measureBackup(client: Client, fieldPath: string): Promise<Figure[]> {
  const timed = async () => {
    const started = performance.now();
    const answer = await fetch(client.url + fieldPath, { headers: { cookie: client.cookie } });
    await answer.arrayBuffer();
    return { ms: performance.now() - started, refused: answer.status >= 500 };
  };
  const during: { ms: number; refused: boolean }[] = [];
  let done = false;
  const started = performance.now();
  const backup = client.call('POST', '/api/admin/backups', {}).finally(() => (done = true));
  while (!done) during.push(await timed());
  const took = performance.now() - started;
  const { bytes } = JSON.parse((await backup).text()) as { bytes: number };
  const waits = during.map((d) => d.ms);
  const refused = during.filter((d) => d.refused).length;
  return [
    figure('backup, 50,000 vaults', 'PGlite', null, [took]),
    figure('backup file size', 'PGlite', null, [bytes / 1024], 'KiB'),
    figure('warehouse read during it, median', 'PGlite', null, [median(waits)]),
    figure('warehouse read during it, longest', 'PGlite', null, [Math.max(...waits)]),
    figure('warehouse reads refused during it', 'PGlite', null, [refused], ''),
  ];
}
