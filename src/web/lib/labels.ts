import type { LabelFormat, LabelTarget, PrintLabelsBody } from '../../contracts/labels';
import { printLabels } from '../../contracts/labels';
import { send } from './api';

/** Asks the server for a label PDF; the answer is a file, so it comes back as a Blob. */
export async function fetchLabelsPdf(format: LabelFormat, target: LabelTarget): Promise<Blob> {
  const body: PrintLabelsBody = { format, ...target };
  const response = await send(printLabels.path, {
    method: printLabels.method,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return response.blob();
}

const FORMAT_KEY = 'vaultgrid.label-format';

/** The stock this device printed on last: a phone beside a thermal printer keeps choosing 4 x 6. */
export function rememberedLabelFormat(fallback: LabelFormat): LabelFormat {
  try {
    const value = window.localStorage.getItem(FORMAT_KEY);
    return (value as LabelFormat | null) ?? fallback;
  } catch {
    return fallback;
  }
}

export function rememberLabelFormat(format: LabelFormat): void {
  try {
    window.localStorage.setItem(FORMAT_KEY, format);
  } catch {
    // Private browsing without storage: the choice simply is not kept.
  }
}
