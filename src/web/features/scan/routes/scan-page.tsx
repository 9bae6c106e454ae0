import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { ScannedField } from '../../../../contracts/scan-codes';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { CameraScanner } from '../../../components/scanner/camera-scanner';
import { errorMessage } from '../../../lib/api';
import { parseScannedText } from '../../../lib/scan-codes';
import { useLookupScan, type ScannedVault } from '../api/lookup-scan';
import { useScanMove, useScanStage } from '../api/use-scan-actions';
import { ScannedVaultCard, vaultTitle } from '../components/scanned-vault-card';

interface InHand {
  vault: ScannedVault;
  /** The warehouse the vault stands in (or last stood in), for field names typed by hand. */
  slug: string | null;
}

/**
 * Scan to find and move, built for a phone: scan a vault, see where it is, then scan a field
 * and confirm the move with one tap. The server's placement rules decide, as everywhere.
 */
export function ScanPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const [inHand, setInHand] = useState<InHand | null>(null);
  const [field, setField] = useState<ScannedField | null>(null);
  const [pendingMove, setPendingMove] = useState<ScannedField | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [typed, setTyped] = useState('');
  const lookup = useLookupScan();
  const move = useScanMove();
  const stage = useScanStage();
  const inHandRef = useRef(inHand);
  useEffect(() => {
    inHandRef.current = inHand;
  }, [inHand]);

  const handle = useCallback(
    (text: string) => {
      const scanned = parseScannedText(text);
      if (!scanned) return;
      const current = inHandRef.current;
      lookup.mutate(
        { scanned, slug: current?.slug ?? null },
        {
          onError: () => setNotice(null),
          onSuccess: (result) => {
            setNotice(null);
            if (result.kind === 'vault') {
              setInHand({ vault: result.vault, slug: result.vault.warehouse_slug });
              setField(null);
              return;
            }
            setField(result);
            if (current) {
              move.reset();
              setPendingMove(result);
            }
          },
        },
      );
    },
    // lookup.mutate and move.reset are stable; the vault in hand is read through its ref.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );

  // Arriving from a label's /s/{code} address: look that code up once.
  const codeParam = searchParams.get('code');
  useEffect(() => {
    if (!codeParam) return;
    handle(codeParam);
    setSearchParams({}, { replace: true });
  }, [codeParam, handle, setSearchParams]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    handle(typed);
    setTyped('');
  };

  const confirmMove = () => {
    if (!inHand || !pendingMove || pendingMove.nextPosition === null) return;
    const target = pendingMove;
    move.mutate(
      { vaultId: inHand.vault.id, fieldId: target.fieldId, position: target.nextPosition ?? 0 },
      {
        onSuccess: (moved) => {
          setPendingMove(null);
          setField(null);
          setInHand({
            vault: { ...moved.vault, warehouse_slug: target.warehouseSlug },
            slug: target.warehouseSlug,
          });
          setNotice(
            `${vaultTitle(moved.vault)} moved to ${target.fieldName}, position ${moved.position}.`,
          );
        },
      },
    );
  };

  const doStage = () => {
    if (!inHand) return;
    stage.mutate(inHand.vault.id, {
      onSuccess: (staged) => {
        setInHand({ vault: { ...staged, warehouse_slug: inHand.slug }, slug: inHand.slug });
        setNotice(`${vaultTitle(staged)} is now in stage.`);
      },
    });
  };

  const pendingVault = inHand?.vault;
  const error = lookup.error ?? stage.error;
  return (
    <div className="mx-auto max-w-6xl p-4 sm:p-6">
      <h1 className="mb-4 text-2xl font-bold">Scan</h1>
      <div className="grid gap-4 lg:grid-cols-2">
        <div className="space-y-4">
          <CameraScanner onScan={handle} paused={pendingMove !== null} />
          <form onSubmit={submit} className="flex gap-2">
            <label className="sr-only" htmlFor="scan-typed">
              Vault number, field or code
            </label>
            <input
              id="scan-typed"
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              placeholder="Vault number, field or code"
              autoComplete="off"
              enterKeyHint="search"
              className="min-h-11 min-w-0 flex-1 rounded-lg border border-slate-300 px-3 text-lg"
            />
            <button
              type="submit"
              className="min-h-11 rounded-lg bg-brand-700 px-5 font-semibold text-white hover:bg-brand-900"
            >
              Find
            </button>
          </form>
        </div>
        <div className="space-y-4" aria-live="polite">
          {lookup.isPending && <p role="status">Looking up…</p>}
          {error && (
            <p role="alert" className="rounded-lg bg-red-50 p-3 text-red-700">
              {errorMessage(error)}
            </p>
          )}
          {notice && (
            <p role="status" className="rounded-lg bg-green-50 p-3 font-semibold text-green-800">
              {notice}
            </p>
          )}
          {inHand ? (
            <ScannedVaultCard
              vault={inHand.vault}
              slug={inHand.slug}
              isStaging={stage.isPending}
              onStage={doStage}
            />
          ) : (
            !field && (
              <p className="rounded-2xl bg-white p-4 text-slate-700 shadow-sm">
                Scan a vault’s label, or type its number, to see where it is.
              </p>
            )
          )}
          {field && (
            <section aria-labelledby="scanned-field" className="rounded-2xl bg-white p-4 shadow-sm">
              <h2 id="scanned-field" className="text-xl font-bold">
                Field {field.fieldName}
              </h2>
              <p>{field.warehouseName}</p>
              <p className="mt-1 text-sm text-slate-700">
                {field.nextPosition === null
                  ? 'This field takes no more vaults.'
                  : `Next free position: ${field.nextPosition}.`}
              </p>
              <Link
                to={`/warehouse/${field.warehouseSlug}?field=${field.fieldId}`}
                className="mt-3 inline-flex min-h-11 items-center rounded-lg border border-slate-300 px-4 py-2 font-semibold hover:bg-slate-100"
              >
                Open field {field.fieldName}
              </Link>
            </section>
          )}
        </div>
      </div>
      <ConfirmDialog
        open={pendingMove !== null && pendingVault !== undefined}
        title="Move vault"
        message={
          pendingMove && pendingVault
            ? pendingMove.nextPosition === null
              ? `Field ${pendingMove.fieldName} takes no more vaults.`
              : `Move ${vaultTitle(pendingVault).replace(/^V/, 'v')} to ${pendingMove.fieldName}, position ${pendingMove.nextPosition}?`
            : ''
        }
        confirmLabel="Move"
        cancelLabel="Cancel"
        isBusy={move.isPending || pendingMove?.nextPosition === null}
        error={move.isError ? errorMessage(move.error) : null}
        onClose={() => {
          setPendingMove(null);
          move.reset();
        }}
        onConfirm={confirmMove}
      />
    </div>
  );
}
