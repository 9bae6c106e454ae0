import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { useEffect, useId, useState } from 'react';
import {
  labelFormatNames,
  labelFormats,
  labelFormatSchema,
  type LabelFormat,
  type LabelTarget,
} from '../../../contracts/labels';
import { errorMessage } from '../../lib/api';
import { fetchLabelsPdf, rememberedLabelFormat, rememberLabelFormat } from '../../lib/labels';

interface LabelChoice {
  /** What the choice prints, as the user reads it: "This vault", "All 4 vaults of JOHNSON". */
  label: string;
  target: LabelTarget;
}

interface PrintLabelsButtonProps {
  choices: LabelChoice[];
  buttonLabel?: string;
  className?: string;
  /** Name of the downloaded file, without extension. */
  fileName: string;
}

/**
 * A button that opens the label dialog: what to print (when there is a choice) and on which
 * stock, then downloads the PDF the server made. Printing happens from the PDF viewer, at the
 * exact size, never from the web page (FIELD.md: web-page labels come out misaligned).
 */
export function PrintLabelsButton({
  choices,
  buttonLabel = 'Print labels',
  className,
  fileName,
}: PrintLabelsButtonProps) {
  const [open, setOpen] = useState(false);
  const [choice, setChoice] = useState(0);
  const [format, setFormat] = useState<LabelFormat>('letter-5163');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [pdfUrl, setPdfUrl] = useState<string | null>(null);
  const name = useId();

  useEffect(() => {
    if (!pdfUrl) return;
    return () => URL.revokeObjectURL(pdfUrl);
  }, [pdfUrl]);

  const selected = choices[choice] ?? choices[0];
  const download = async () => {
    if (!selected) return;
    setBusy(true);
    setError(null);
    try {
      const blob = await fetchLabelsPdf(format, selected.target);
      rememberLabelFormat(format);
      const url = URL.createObjectURL(blob);
      setPdfUrl(url);
      const link = document.createElement('a');
      link.href = url;
      link.download = `${fileName}-${format}.pdf`;
      link.click();
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <button
        type="button"
        onClick={() => {
          setError(null);
          setPdfUrl(null);
          // Read when the dialog opens, not when the button mounts: the warehouse screen
          // mounts several of these, and a page's first storage read can take milliseconds.
          setFormat(
            labelFormatSchema.catch('letter-5163').parse(rememberedLabelFormat('letter-5163')),
          );
          setOpen(true);
        }}
        className={
          className ??
          'min-h-11 rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold hover:bg-slate-100'
        }
      >
        {buttonLabel}
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} className="fixed inset-0 z-50">
        <div className="fixed inset-0 bg-black/40" aria-hidden="true" />
        <div className="fixed inset-0 flex items-center justify-center overflow-y-auto p-4">
          <DialogPanel className="w-full max-w-lg rounded-2xl bg-white p-6 shadow-xl">
            <DialogTitle className="text-lg font-bold">Print labels</DialogTitle>
            {choices.length > 1 && (
              <fieldset className="mt-4">
                <legend className="font-semibold">Labels for</legend>
                {choices.map((c, i) => (
                  <label key={c.label} className="flex min-h-11 items-center gap-3">
                    <input
                      type="radio"
                      name={`${name}-what`}
                      checked={choice === i}
                      onChange={() => setChoice(i)}
                      className="size-5"
                    />
                    {c.label}
                  </label>
                ))}
              </fieldset>
            )}
            {choices.length === 1 && selected && (
              <p className="mt-2 text-slate-700">{selected.label}</p>
            )}
            <fieldset className="mt-4">
              <legend className="font-semibold">Label stock</legend>
              {labelFormats.map((f) => (
                <label key={f} className="flex min-h-11 items-center gap-3">
                  <input
                    type="radio"
                    name={`${name}-format`}
                    checked={format === f}
                    onChange={() => setFormat(f)}
                    className="size-5"
                  />
                  {labelFormatNames[f]}
                </label>
              ))}
            </fieldset>
            {error && (
              <p role="alert" className="mt-3 rounded bg-red-50 p-2 text-sm text-red-700">
                {error}
              </p>
            )}
            {pdfUrl && (
              <p role="status" className="mt-3 text-sm text-slate-700">
                Labels are ready.{' '}
                <a
                  href={pdfUrl}
                  target="_blank"
                  rel="noreferrer"
                  className="font-semibold underline"
                >
                  Open the PDF
                </a>{' '}
                and print it at 100% (actual size).
              </p>
            )}
            <div className="mt-6 flex flex-wrap justify-end gap-3">
              <button
                type="button"
                onClick={() => setOpen(false)}
                className="min-h-11 rounded-lg border border-slate-300 px-4 py-2"
              >
                Close
              </button>
              <button
                type="button"
                onClick={() => void download()}
                disabled={busy}
                className="min-h-11 rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-900 disabled:opacity-60"
              >
                {busy ? 'Making PDF…' : 'Download PDF'}
              </button>
            </div>
          </DialogPanel>
        </div>
      </Dialog>
    </>
  );
}
