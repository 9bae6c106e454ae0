import type * as contract from '../../../../contracts/checklists';

/**
 * Uploads with XMLHttpRequest because fetch reports no upload progress. Rejects with the
 * server's sentence (or 'Failed to upload image') so the modal can log it.
 */
export function uploadChecklistImage(
  uploadPath: string,
  file: File,
  onProgress: (percent: number) => void,
): Promise<contract.ChecklistImage> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', uploadPath);
    xhr.withCredentials = true;
    xhr.responseType = 'text';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300 && body) {
        onProgress(100);
        resolve(body as contract.ChecklistImage);
        return;
      }
      const message = (body as { message?: unknown } | null)?.message;
      reject(
        new Error(
          typeof message === 'string' && xhr.status < 500
            ? message
            : xhr.responseText || 'Failed to upload image',
        ),
      );
    };
    xhr.onerror = () => reject(new Error('Failed to upload image'));
    const form = new FormData();
    form.append('image', file);
    xhr.send(form);
  });
}
