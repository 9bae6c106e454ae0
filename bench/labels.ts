// Label PDFs: 1,000 vault labels per format through the renderer the API uses (the issue asks
// for under 5 s). Run alone with `npx tsx bench/labels.ts`; `npm run bench` may call
// measureLabels(), and measureLabelsOverHttp() against its running server and company.
import { pathToFileURL } from 'node:url';
import { labelFormats } from '../src/contracts/labels';
import { renderLabelsPdf, type LabelContent } from '../src/server/features/labels/label-pdf';
import { newScanCode } from '../src/server/lib/scan-codes';

const LABELS = 1000;

function sampleLabels(): LabelContent[] {
  return Array.from({ length: LABELS }, (_, i) => {
    const code = newScanCode();
    return {
      title: String(12000 + i),
      lines: [
        `Customer ${i % 97} Johnson-Whitfield Family Trust`,
        `Order ${40000 + (i % 300)}`,
        `Main Warehouse · ${String.fromCharCode(65 + (i % 20))}${1 + (i % 40)} · position ${1 + (i % 3)}`,
      ],
      url: `https://vaultgrid.example.com/s/${code}`,
      code,
    };
  });
}

export async function measureLabels(): Promise<void> {
  const labels = sampleLabels();
  await renderLabelsPdf('letter-5163', labels.slice(0, 20), 'warm-up');
  for (const format of labelFormats) {
    const start = performance.now();
    const pdf = await renderLabelsPdf(format, labels, 'bench');
    const seconds = (performance.now() - start) / 1000;
    console.log(
      `Labels, ${LABELS} vaults as ${format}: ${seconds.toFixed(2)} s, ${(pdf.length / 1024).toFixed(0)} KiB`,
    );
  }
  console.log('');
}

/**
 * The whole call, `POST /api/labels` for the first 1,000 vaults of the print list: query,
 * codes (made on the first call, read on the second) and the PDF.
 */
export async function measureLabelsOverHttp(baseUrl: string, cookie: string): Promise<void> {
  const list = await fetch(`${baseUrl}/api/vaults/all`, { headers: { cookie } });
  const ids = ((await list.json()) as { id: number }[]).slice(0, LABELS).map((v) => v.id);
  for (const round of ['codes made', 'codes kept']) {
    const start = performance.now();
    const res = await fetch(`${baseUrl}/api/labels`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ format: 'letter-5163', of: 'vaults', vaultIds: ids }),
    });
    const bytes = (await res.arrayBuffer()).byteLength;
    const seconds = (performance.now() - start) / 1000;
    console.log(
      `POST /api/labels, ${ids.length} vaults on Avery 5163 (${round}): ${res.status}, ${seconds.toFixed(2)} s, ${(bytes / 1024).toFixed(0)} KiB`,
    );
  }
  console.log('');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await measureLabels();
