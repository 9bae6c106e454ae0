import * as initial from './0001-initial';
import * as integerIds from './0002-integer-ids';
import * as placementLocksAndSignInLimits from './0003-placement-locks-and-sign-in-limits';
import * as checklistTokens from './0004-checklist-tokens';
import * as liveEvents from './0006-live-events';
import * as scanCodes from './0007-scan-codes';
import * as auditsAndDigOuts from './0008-audits-and-dig-outs';
import * as importJobs from './0009-import-jobs';
import * as warehouseVersions from './0010-warehouse-versions';
import * as importStaging from './0012-import-staging';
import * as keptReads from './0013-kept-reads';
import * as trigramIndexesWithoutPendingList from './0015-trigram-indexes-without-pending-list';
import * as oneTriggerPerVaultStatement from './0017-one-trigger-per-vault-statement';
import * as roles from './0018-roles';
import * as customerRecords from './0019-customer-records';
import * as sessionsNotAnnounced from './0020-sessions-not-announced';
import * as plainReads from './0021-plain-reads';
import * as vaultWeight from './0022-vault-weight';
import * as fieldNamesCheckedAtCommit from './0023-field-names-checked-at-commit';
import * as vaultRelease from './0024-vault-release';
import * as vaultContents from './0025-vault-contents';
import * as storageRequests from './0026-storage-requests';
import * as requestAskedVaults from './0031-request-asked-vaults';
import * as pullListMoves from './0032-pull-list-moves';
import * as importVaultContents from './0033-import-vault-contents';
import * as vaultTagsVersions from './0034-vault-tags-versions';
import * as heldVaultsById from './0035-held-vaults-by-id';

export interface Migration {
  name: string;
  sql: string;
}

// Applied in this order; a migration, once released, is never edited, only followed.
export const migrations: readonly Migration[] = [
  initial,
  integerIds,
  placementLocksAndSignInLimits,
  checklistTokens,
  liveEvents,
  scanCodes,
  auditsAndDigOuts,
  importJobs,
  warehouseVersions,
  importStaging,
  keptReads,
  trigramIndexesWithoutPendingList,
  oneTriggerPerVaultStatement,
  roles,
  customerRecords,
  sessionsNotAnnounced,
  plainReads,
  vaultWeight,
  fieldNamesCheckedAtCommit,
  vaultRelease,
  vaultContents,
  storageRequests,
  requestAskedVaults,
  pullListMoves,
  importVaultContents,
  vaultTagsVersions,
  heldVaultsById,
];
