import { presenceSentence, usePresence } from '../lib/live-updates';

/** Who else has this warehouse open, updated live; nothing when no one else does. */
export function PresenceNote({ warehouseId }: { warehouseId: number }) {
  const presence = usePresence(warehouseId);
  const sentence = presenceSentence(presence.data?.people.map((p) => p.name) ?? []);
  // A polite live region: screen readers hear arrivals without losing their place.
  return (
    <p role="status" aria-live="polite" className="text-sm font-medium text-slate-700">
      {sentence && (
        <>
          <span
            aria-hidden="true"
            className="mr-1 inline-block h-2 w-2 rounded-full bg-green-600"
          />
          {sentence}
        </>
      )}
    </p>
  );
}
