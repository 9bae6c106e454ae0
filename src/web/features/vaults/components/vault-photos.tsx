import { useState } from 'react';
import type { Attachment } from '../../../../contracts/vaults';
import { INLINE_FILE_TYPES } from '../../../../contracts/limits';
import { ModalDialog } from '../../../components/dialog';
import { DialogActions } from '../../../components/dialog-actions';

/** An attachment a browser shows as a picture: the image types served in place. */
export function isPhoto(a: Attachment): boolean {
  return (
    a.content_type.startsWith('image/') &&
    (INLINE_FILE_TYPES as readonly string[]).includes(a.content_type)
  );
}

/** The vault's photos as small squares; a tap opens one as large as the screen allows. */
export function VaultPhotos({
  attachments,
  size = 'small',
}: {
  attachments: readonly Attachment[];
  size?: 'small' | 'large';
}) {
  const [open, setOpen] = useState<Attachment | null>(null);
  const photos = attachments.filter(isPhoto);
  if (photos.length === 0) return null;
  const square = size === 'small' ? 'h-12 w-12' : 'h-24 w-24';
  return (
    <>
      <ul aria-label="Photos" className="flex flex-wrap gap-2">
        {photos.map((a) => (
          <li key={a.id}>
            <button
              type="button"
              aria-label={`Open photo ${a.file_name}`}
              onClick={() => setOpen(a)}
              className="block overflow-hidden rounded-md border border-slate-300 focus-visible:outline-3 focus-visible:outline-brand-900"
            >
              <img src={a.file_url} alt="" loading="lazy" className={`${square} object-cover`} />
            </button>
          </li>
        ))}
      </ul>
      {open && (
        <ModalDialog title={open.file_name} width="xl" onClose={() => setOpen(null)}>
          <img
            src={open.file_url}
            alt={open.file_name}
            className="mt-4 max-h-[75vh] w-full object-contain"
          />
          <DialogActions cancelLabel="Close" onCancel={() => setOpen(null)} className="mt-4" />
        </ModalDialog>
      )}
    </>
  );
}
