import { ArrowLeft } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { vaultTypes, type Vault } from '../../../../contracts/vaults';
import { emptyCustomerName, isEmptyVaultCustomer } from '../../../../domain/empty-vault';
import { vaultLabel } from '../../../../domain/vault-number';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ErrorAlert } from '../../../components/error-alert';
import { PrintLabelsButton } from '../../../components/labels/print-labels-button';
import { NotFound } from '../../../components/not-found';
import { TextAreaField, TextField } from '../../../components/text-field';
import { Spinner } from '../../../components/spinner';
import { errorMessage } from '../../../lib/api';
import { useDeleteVault, useUpdateVault, useUploadAttachment } from '../api/use-update-vault';
import { useVault } from '../api/use-vault';
import { ReleaseVaultButton } from '../components/release-vault-button';
import { VaultHistory } from '../components/vault-history';
import {
  checkAttachment,
  VaultCustomerFields,
  VaultModeToggle,
  WeightField,
} from '../components/vault-form-fields';
import {
  NAME_MAX_LENGTH,
  NOTE_MAX_LENGTH,
  VAULT_NUMBER_MAX_LENGTH,
} from '../../../../contracts/limits';
import { warehousePath } from '../../../lib/paths';
import { FilePicker } from '../../../components/file-picker';
import {
  contentsBody,
  contentsOf,
  VaultContentsFields,
  type VaultContents,
} from '../components/vault-contents';
import { isPhoto, VaultPhotos } from '../components/vault-photos';

function EditVaultForm({ vault, backTo }: { vault: Vault; backTo: string }) {
  const navigate = useNavigate();
  const update = useUpdateVault();
  const remove = useDeleteVault();
  const upload = useUploadAttachment();
  const wasEmpty = isEmptyVaultCustomer(vault.customer_name);
  const [isEmptyMode, setEmptyMode] = useState(wasEmpty);
  const [customerName, setCustomerName] = useState(vault.customer_name);
  const [type, setType] = useState<string>(vault.type);
  const [vaultNumber, setVaultNumber] = useState(vault.name ?? '');
  const [orderName, setOrderName] = useState(vault.order_name ?? '');
  const [note, setNote] = useState(vault.note);
  const [weight, setWeight] = useState(vault.weight === null ? '' : String(vault.weight));
  const [contents, setContents] = useState<VaultContents>(contentsOf(vault));
  const [fileError, setFileError] = useState<string | null>(null);
  const [isConfirmingChange, setConfirmingChange] = useState(false);
  const [isConfirmingDelete, setConfirmingDelete] = useState(false);

  const toggleMode = (empty: boolean) => {
    setEmptyMode(empty);
    if (empty) {
      setCustomerName(emptyCustomerName(type));
      setOrderName('');
    } else {
      setCustomerName('');
    }
  };

  const save = () =>
    update.mutate(
      {
        id: vault.id,
        body: {
          name: vaultNumber,
          customer_name: isEmptyMode ? emptyCustomerName(type) : customerName,
          order_name: isEmptyMode ? '' : orderName,
          type: type as Vault['type'],
          note,
          // Blank clears it: the server reads an empty weight as not weighed.
          weight,
          // Turning empty clears them on the server, whatever the boxes hold.
          ...contentsBody(contents),
        },
      },
      { onSuccess: () => navigate(backTo) },
    );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (isEmptyMode && !wasEmpty) setConfirmingChange(true);
    else save();
  };

  const error = update.error ?? remove.error ?? upload.error;
  return (
    <>
      <div className="mb-4">
        <VaultModeToggle isEmptyMode={isEmptyMode} onChange={toggleMode} />
      </div>
      <form onSubmit={submit} className="space-y-3">
        <VaultCustomerFields
          isEmptyMode={isEmptyMode}
          customerName={customerName}
          onCustomerNameChange={setCustomerName}
          type={type}
          onTypeChange={setType}
          emptyTypes={vaultTypes}
        />
        <TextField
          label="Vault Number"
          maxLength={VAULT_NUMBER_MAX_LENGTH}
          value={vaultNumber}
          onChange={(e) => setVaultNumber(e.target.value)}
        />
        <TextField
          label="Order Number"
          maxLength={NAME_MAX_LENGTH}
          value={orderName}
          disabled={isEmptyMode}
          onChange={(e) => setOrderName(e.target.value)}
        />
        <WeightField value={weight} onChange={setWeight} />
        {!isEmptyMode && <VaultContentsFields value={contents} onChange={setContents} />}
        <FilePicker
          label="Upload Attachment"
          fileName={upload.isPending ? 'Uploading…' : null}
          disabled={upload.isPending}
          onPick={(file) => {
            const problem = checkAttachment(file);
            setFileError(problem);
            if (!problem) upload.mutate({ vaultId: vault.id, file });
          }}
        />
        <ErrorAlert message={fileError} />
        <TextAreaField
          label="Note"
          maxLength={NOTE_MAX_LENGTH}
          value={note}
          onChange={(e) => setNote(e.target.value)}
        />
        <section aria-label="Attachments" className="space-y-2">
          <h2 className="font-semibold">Photos and Attachments</h2>
          {vault.attachments.length === 0 && (
            <p className="text-sm text-slate-600">No attachments.</p>
          )}
          <VaultPhotos attachments={vault.attachments} size="large" />
          <ul className="list-disc pl-6">
            {vault.attachments
              .filter((a) => !isPhoto(a))
              .map((a) => (
                <li key={a.id}>
                  <a
                    href={a.file_url}
                    target="_blank"
                    rel="noreferrer"
                    className="text-brand-700 underline"
                  >
                    {a.file_name}
                  </a>
                </li>
              ))}
          </ul>
        </section>
        <ErrorAlert error={error} />
        <div className="flex flex-wrap justify-between gap-3 pt-4">
          <button
            type="button"
            onClick={() => setConfirmingDelete(true)}
            className="rounded-lg bg-red-600 px-4 py-2 font-semibold text-white"
          >
            Delete
          </button>
          <ReleaseVaultButton vault={vault} />
          <button
            type="submit"
            disabled={update.isPending}
            className="rounded-lg bg-brand-700 px-6 py-2 font-semibold text-white disabled:opacity-60"
          >
            {update.isPending ? 'Saving...' : 'Save'}
          </button>
        </div>
      </form>
      <ConfirmDialog
        open={isConfirmingChange}
        title="Confirm Vault Change"
        message="This vault becomes empty: its order number, note, contents and attachments are cleared."
        confirmLabel="Yes, change it"
        isBusy={update.isPending}
        onClose={() => setConfirmingChange(false)}
        onConfirm={() => {
          setConfirmingChange(false);
          save();
        }}
      />
      <ConfirmDialog
        open={isConfirmingDelete}
        title="Delete Vault"
        message="Are you sure you want to delete this vault? This action cannot be undone."
        confirmLabel="Yes, delete it"
        tone="danger"
        isBusy={remove.isPending}
        error={remove.isError ? errorMessage(remove.error) : null}
        onClose={() => setConfirmingDelete(false)}
        onConfirm={() => remove.mutate(vault.id, { onSuccess: () => navigate(backTo) })}
      />
    </>
  );
}

export function EditVaultPage() {
  const { vaultName = '' } = useParams();
  const vault = useVault(vaultName);
  if (vault.isPending) return <Spinner label="Loading vault" />;
  if (!vault.data) {
    return (
      <NotFound title="Vault Not Found">
        <ErrorAlert message="This vault does not exist, or it was deleted." className="mt-2" />
      </NotFound>
    );
  }
  const v = vault.data;
  const backTo = v.warehouse_slug ? warehousePath(v.warehouse_slug) : '/stage';
  return (
    <div className="mx-auto max-w-2xl p-4 sm:p-6">
      <div className="mb-4 flex items-center gap-3">
        <Link
          to={backTo}
          aria-label="Back"
          className="inline-flex h-11 w-11 items-center justify-center rounded-lg hover:bg-slate-200"
        >
          <ArrowLeft aria-hidden="true" className="h-6 w-6" />
        </Link>
        <h1 className="flex-1 text-2xl font-bold">Edit {vaultLabel(v)}</h1>
        <PrintLabelsButton
          fileName={`vault-${v.name ?? v.id}`}
          choices={[
            { label: vaultLabel(v), target: { of: 'vaults', vaultIds: [v.id] } },
            ...(v.customer_id !== null
              ? [
                  {
                    label: `All vaults of ${v.customer_name}`,
                    target: { of: 'customer-vaults' as const, customerId: v.customer_id },
                  },
                ]
              : []),
            ...(v.order_id !== null
              ? [
                  {
                    label: `All vaults of order ${v.order_name ?? ''}`,
                    target: { of: 'order-vaults' as const, orderId: v.order_id },
                  },
                ]
              : []),
          ]}
        />
      </div>
      <p className="mb-4 text-slate-700">
        {v.released_on !== null ? (
          <>
            <span className="font-semibold">Released</span> on {v.released_on}
            {v.released_by ? ` by ${v.released_by}` : ''}: no longer in the warehouse.
          </>
        ) : v.field_id === null ? (
          <>
            <span className="font-semibold">Staged:</span> not in a field.{' '}
            <Link to="/stage" className="text-brand-700 underline">
              Open Stage
            </Link>
          </>
        ) : (
          <>
            <span className="font-semibold">Where:</span>{' '}
            {v.warehouse_slug ? (
              <Link to={backTo} className="text-brand-700 underline">
                {v.warehouse_name}
              </Link>
            ) : (
              v.warehouse_name
            )}
            , field {v.field_name}, position {v.position}
          </>
        )}
      </p>
      {/* Keyed by id: a refetch after an upload keeps what is typed, a different vault starts fresh. */}
      <EditVaultForm key={v.id} vault={v} backTo={backTo} />
      <VaultHistory vaultId={v.id} />
    </div>
  );
}
