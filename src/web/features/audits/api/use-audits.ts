import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as contract from '../../../../contracts/audits';
import type { Audit, StartAuditBody } from '../../../../contracts/audits';
import { listWarehouseSummaries } from '../../../../contracts/warehouses';
import { resolveScanCode } from '../../../../contracts/scan-codes';
import { ApiError, callApi } from '../../../lib/api';
import { parseScannedText } from '../../../lib/scan-codes';

const auditKeys = {
  all: ['audits'] as const,
  list: () => [...auditKeys.all, 'list'] as const,
  one: (id: number) => [...auditKeys.all, id] as const,
};

export function useAudits() {
  return useQuery({ queryKey: auditKeys.list(), queryFn: () => callApi(contract.listAudits) });
}

export function useAudit(id: number) {
  return useQuery({
    queryKey: auditKeys.one(id),
    queryFn: () => callApi(contract.getAudit, { params: { id } }),
  });
}

export function useStartAudit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StartAuditBody) => callApi(contract.startAudit, { body }),
    onSuccess: (audit) => {
      queryClient.setQueryData(auditKeys.one(audit.id), audit);
      return queryClient.invalidateQueries({ queryKey: auditKeys.list() });
    },
  });
}

/** Sends what was seen in one field; the records do not change. */
export function useCheckField(auditId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ fieldId, seen }: { fieldId: number; seen: string[] }) =>
      callApi(contract.checkAuditField, { params: { id: auditId, fieldId }, body: { seen } }),
    onSuccess: (audit: Audit) => queryClient.setQueryData(auditKeys.one(auditId), audit),
  });
}

/**
 * One tap: the server moves a vault's record. Every screen that shows vaults may now be
 * stale, so all queries are refreshed rather than reaching into other features' keys.
 */
export function useFixFinding(auditId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (args: { fieldId: number; vaultId: number; toStage?: boolean }) =>
      callApi(contract.fixAuditFinding, {
        params: { id: auditId, fieldId: args.fieldId },
        body: { vaultId: args.vaultId, toStage: args.toStage ?? false },
      }),
    onSuccess: (result) => {
      queryClient.setQueryData(auditKeys.one(auditId), result.audit);
      return queryClient.invalidateQueries({
        predicate: (q) => q.queryKey[0] !== auditKeys.all[0],
      });
    },
  });
}

/** The warehouses to choose from when starting an audit (the light list). */
export function useAuditWarehouses() {
  return useQuery({
    queryKey: [...auditKeys.all, 'warehouses'],
    queryFn: () => callApi(listWarehouseSummaries),
  });
}

/**
 * The vault number a scan or a typed line names. A label's QR code (its `/s/{code}` address,
 * from the camera or a hand-held scanner that types it) is looked up; anything else is taken
 * as the number on the tag, which the audit compares as typed.
 */
export async function seenVaultNumber(raw: string): Promise<string> {
  const scanned = parseScannedText(raw);
  if (!scanned) throw new Error('That is not a vault number or a label code.');
  if (scanned.kind === 'text') return scanned.text;
  try {
    const found = await callApi(resolveScanCode, { params: { code: scanned.code } });
    if (found.kind === 'field')
      throw new Error(`That is the label of field ${found.fieldName}: scan the vaults in it.`);
    if (found.vault.name === null)
      throw new Error('That vault carries no number, so an audit cannot list it.');
    return found.vault.name;
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 404) throw error;
    // A bare code may still be the number on an old tag; an address names nothing of ours.
    if (scanned.isAddress)
      throw new Error('This label is not one of your company’s vaults.', { cause: error });
    return scanned.text;
  }
}
