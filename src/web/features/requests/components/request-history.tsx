import type { RequestHistoryEntry } from '../../../../contracts/requests';

const listOf = (value: unknown): string =>
  Array.isArray(value) ? value.filter((v) => typeof v === 'string').join(', ') : '';
const textOf = (value: unknown): string => (typeof value === 'string' ? value : '');

/** One line per event of a request's history, in the office's words. */
function describeRequestEvent(e: RequestHistoryEntry): string {
  const d = e.details;
  switch (e.kind) {
    case 'asked': {
      const what = listOf(d.vaults) || listOf(d.items);
      return `Asked for ${textOf(d.due_on)}${what ? `: ${what}` : ''}`;
    }
    case 'confirmed':
      return `Confirmed${listOf(d.vaults) ? `: takes ${listOf(d.vaults)}` : ''}`;
    case 'cancelled':
      return 'Cancelled';
    case 'started':
      return 'The crew started';
    case 'pulled':
      return `Pulled${textOf(d.vault_name) ? ` ${textOf(d.vault_name)}` : ''}`;
    case 'done': {
      const released = listOf(d.released);
      return `Done${released ? `: released ${released}` : ''}`;
    }
    case 'visit':
      return 'Visit recorded';
    default:
      return e.kind;
  }
}

export function RequestHistory({ history }: { history: readonly RequestHistoryEntry[] }) {
  return (
    <section aria-labelledby="request-history-heading">
      <h2 id="request-history-heading" className="mb-2 text-lg font-bold">
        History
      </h2>
      <ol className="space-y-1 text-sm">
        {history.map((e, i) => (
          <li key={i} className="rounded bg-slate-50 px-3 py-2">
            <span className="font-semibold">{describeRequestEvent(e)}</span> ·{' '}
            {new Date(e.at).toLocaleString()} · {e.actor ?? ''}
          </li>
        ))}
      </ol>
    </section>
  );
}
