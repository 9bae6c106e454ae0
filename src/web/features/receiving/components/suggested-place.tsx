import { useId, useState } from 'react';
import { isIsoDate } from '../../../../domain/calendar-days';
import { errorMessage } from '../../../lib/api';
import { useCustomerIdByName } from '../api/use-customer-id-by-name';
import { useSuggestedPlace } from '../api/use-suggested-place';

export interface ChosenPlace {
  fieldId: number;
  fieldName: string;
  position: number;
}

interface SuggestedPlaceProps {
  warehouseId: number;
  /** The field staff started from: the suggestion prefers the nearest good one. */
  fromFieldId: number;
  type: string;
  /** The form's expected release as typed: a suggestion is asked only once it is a whole day. */
  expectedReleaseText: string;
  /** As typed: a stack topped by the same customer is preferred once it names one. */
  customerName: string;
  chosen: ChosenPlace;
  onUse: (place: ChosenPlace) => void;
}

/**
 * Once the form has an expected release, where the vault should go so sooner releases sit on
 * top, with a button that takes that place; staff may keep their own choice.
 */
export function SuggestedPlace({
  warehouseId,
  fromFieldId,
  type,
  expectedReleaseText,
  customerName,
  chosen,
  onUse,
}: SuggestedPlaceProps) {
  // The slot staff picked themselves, so they can go back to it after taking the suggestion.
  const [own] = useState(chosen);
  const isOwnChosen = own.fieldId === chosen.fieldId && own.position === chosen.position;
  const sentenceId = useId();
  const expectedRelease = isIsoDate(expectedReleaseText) ? expectedReleaseText : null;
  const customerId = useCustomerIdByName(customerName);
  const suggestion = useSuggestedPlace(warehouseId, {
    type,
    expectedRelease,
    fromFieldId,
    customerId,
  });
  const answer = expectedRelease === null ? null : suggestion.data;
  const place: ChosenPlace | null =
    answer && answer.field_id !== null && answer.field_name !== null && answer.position !== null
      ? { fieldId: answer.field_id, fieldName: answer.field_name, position: answer.position }
      : null;
  const isChosen = place?.fieldId === chosen.fieldId && place.position === chosen.position;
  return (
    <div aria-live="polite">
      {suggestion.isError && expectedRelease !== null && (
        <p className="text-sm text-slate-700">No suggestion: {errorMessage(suggestion.error)}</p>
      )}
      {answer && !place && <p className="text-sm text-slate-700">{answer.reason}</p>}
      {answer && place && (
        <div className="flex flex-wrap items-center gap-3 rounded-lg border border-brand-600 bg-brand-50 p-3">
          <div className="min-w-0 flex-1">
            <p id={sentenceId} className="font-semibold">
              Suggested: {place.fieldName}, position {place.position} (sooner releases on top)
            </p>
            <p className="text-sm text-slate-700">{answer.reason}</p>
          </div>
          {isChosen && isOwnChosen && (
            <p className="text-sm font-semibold text-brand-900">Your choice is this place.</p>
          )}
          {/* One button for both turns, so the focus stays on it when Use becomes Back. */}
          {!(isChosen && isOwnChosen) && (
            <button
              type="button"
              aria-describedby={isChosen ? undefined : sentenceId}
              onClick={() => onUse(isChosen ? own : place)}
              className={
                isChosen
                  ? 'min-h-11 rounded-lg border border-slate-400 bg-white px-4 py-2'
                  : 'min-h-11 rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white'
              }
            >
              {isChosen ? `Back to ${own.fieldName}, position ${own.position}` : 'Use'}
            </button>
          )}
        </div>
      )}
    </div>
  );
}
