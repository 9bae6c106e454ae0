// A customer's request for their goods (issue 32): what it asks for and where it stands.
export const requestKinds = ['release_all', 'release_vaults', 'release_items', 'access'] as const;
export type RequestKind = (typeof requestKinds)[number];

export const requestStatuses = ['asked', 'confirmed', 'in_progress', 'done', 'cancelled'] as const;
export type RequestStatus = (typeof requestStatuses)[number];

// The office confirms what was asked; the crew's first pull starts it; completing it ends it.
// A request can be cancelled until it is done, and nothing leaves done or cancelled: a
// finished request is history.
const nextStatuses: Record<RequestStatus, readonly RequestStatus[]> = {
  asked: ['confirmed', 'cancelled'],
  confirmed: ['in_progress', 'done', 'cancelled'],
  in_progress: ['done', 'cancelled'],
  done: [],
  cancelled: [],
};

export function canMoveTo(from: RequestStatus, to: RequestStatus): boolean {
  return nextStatuses[from].includes(to);
}
