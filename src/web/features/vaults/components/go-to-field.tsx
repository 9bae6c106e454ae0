import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { resolveScanCode } from '../../../../contracts/scan-codes';
import type { Field } from '../../../../contracts/fields';
import type { Warehouse } from '../../../../contracts/warehouses';
import { fieldBelowName } from '../../../../domain/slots';
import { ApiError, callApi, errorMessage } from '../../../lib/api';
import { warehousePath } from '../../../lib/paths';
import { parseScannedText } from '../../../lib/scan-codes';

/** The field a typed name means; a couchbox's hidden bottom half is its top half. */
function fieldNamed(warehouse: Warehouse, typed: string): Field | null {
  const name = typed.trim().toUpperCase();
  const fields = Object.values(warehouse.fields);
  const field = fields.find((f) => f.name === name);
  if (!field || field.type !== 'couchbox-B') return field ?? null;
  return fields.find((f) => fieldBelowName(f.name) === name) ?? field;
}

/**
 * "Go to field" (issue 30): a field's name (A13), or what a handheld scanner types from a
 * field's label (its code or /s/ address), selects that field and brings it into view, so a
 * big warehouse on a phone needs no hunting across the grid. A label of another warehouse's
 * field opens that warehouse at the field.
 */
export function GoToField({
  warehouse,
  onGo,
}: {
  warehouse: Warehouse;
  onGo: (fieldId: number) => void;
}) {
  const id = useId();
  const navigate = useNavigate();
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);

  const go = async () => {
    const scanned = parseScannedText(typed);
    if (!scanned) {
      setProblem('Type a field name, such as A13, or scan a field label.');
      return;
    }
    const byName = fieldNamed(warehouse, scanned.text);
    if (byName) {
      setProblem(null);
      onGo(byName.id);
      return;
    }
    if (scanned.kind === 'code') {
      setBusy(true);
      try {
        const found = await callApi(resolveScanCode, { params: { code: scanned.code } });
        if (found.kind !== 'field') {
          setProblem('That label is a vault’s, not a field’s.');
        } else if (found.warehouseId === warehouse.id) {
          setProblem(null);
          onGo(found.fieldId);
        } else {
          navigate(`${warehousePath(found.warehouseSlug)}?field=${found.fieldId}`);
        }
      } catch (error) {
        setProblem(
          error instanceof ApiError && error.status === 404
            ? 'This label is not one of your company’s fields.'
            : errorMessage(error),
        );
      } finally {
        setBusy(false);
      }
      return;
    }
    setProblem(`There is no field ${scanned.text.toUpperCase()} in ${warehouse.name}.`);
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void go();
  };
  return (
    <form
      onSubmit={onSubmit}
      className="flex w-full min-w-0 flex-wrap items-center gap-2 sm:w-auto sm:flex-1"
    >
      <label htmlFor={id} className="text-sm font-semibold">
        Go to field
      </label>
      <input
        id={id}
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
        placeholder="A13, or scan its label"
        autoComplete="off"
        enterKeyHint="go"
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-problem` : undefined}
        className="min-h-11 w-28 min-w-0 flex-1 rounded-lg border border-slate-400 px-3 sm:max-w-56"
      />
      <button
        type="submit"
        disabled={isBusy}
        className="min-h-11 rounded-lg border border-slate-400 bg-white px-4 font-semibold hover:bg-slate-100 disabled:text-slate-500"
      >
        Go
      </button>
      {problem && (
        <p id={`${id}-problem`} role="alert" className="w-full text-sm text-red-800">
          {problem}
        </p>
      )}
    </form>
  );
}
