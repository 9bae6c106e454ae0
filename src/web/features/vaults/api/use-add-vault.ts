import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as contract from '../../../../contracts/vaults';
import { callApiForm } from '../../../lib/api';
import { vaultWriteOptions } from './invalidate';
import { placeVaultInCache } from './place-in-cache';
import type { contentsBody } from '../components/vault-contents';

export interface AddVaultInput {
  vaultNumber: string;
  customerName: string;
  orderName: string;
  type: string;
  note: string;
  /** As typed; blank means not weighed, and the server's rule judges the rest. */
  weight: string;
  fieldId: number;
  position: number;
  attachment: File | null;
  /** What is inside, by the call's own keys; blank means none. A left-out date in is today. */
  contents: ReturnType<typeof contentsBody>;
}

export function useAddVault() {
  const queryClient = useQueryClient();
  return useMutation({
    ...vaultWriteOptions(queryClient),
    mutationFn: (input: AddVaultInput) => {
      const form = new FormData();
      form.append('vault_id', input.vaultNumber);
      form.append('customer_name', input.customerName);
      form.append('order_name', input.orderName);
      form.append('type', input.type);
      form.append('note', input.note);
      form.append('weight', input.weight);
      form.append('field_id', String(input.fieldId));
      form.append('position', String(input.position));
      for (const [key, value] of Object.entries(input.contents)) form.append(key, value);
      if (input.attachment) form.append('attachment', input.attachment);
      return callApiForm(contract.addVault, form);
    },
    onSuccess: (answer) => placeVaultInCache(queryClient, answer.vault),
    onError: (error) => console.error('Failed to add vault', error),
  });
}
