import type { FastifyInstance } from 'fastify';
import { idParamsSchema } from '../../../contracts/common';
import * as contract from '../../../contracts/vaults';
import { deleteVault } from '../../../contracts/vault-deletion';
import { vaultHistory } from '../../../contracts/vault-events';
import type { AppDeps } from '../../deps';
import { AppError } from '../../http/errors';
import { parseWith, registerEndpoint, documentEndpoint, requireUser } from '../../http/route';
import { readForm, servedContentType } from '../../http/multipart';
import * as service from './vaults.service';

export function registerVaultRoutes(app: FastifyInstance, deps: AppDeps): void {
  // Multipart calls are routed by hand: their body is a stream, not JSON for the pipeline.
  app.post(contract.addVault.path, async (request) => {
    const user = requireUser(request);
    const { fields, file } = await readForm(request, 'attachment');
    const form = parseWith(contract.addVaultFormSchema, fields, 'form');
    return service.addVault(deps.db, deps.storage, user, form, file);
  });
  app.post(contract.uploadAttachment.path, async (request) => {
    const user = requireUser(request);
    const { fields, file } = await readForm(request, 'attachment');
    const form = parseWith(contract.uploadAttachmentFormSchema, fields, 'form');
    if (!file) throw new AppError('VALIDATION_FAILED', 'Choose a file to upload.');
    return service.uploadAttachment(deps.db, deps.storage, user, form.vault_id, file);
  });
  documentEndpoint(contract.addVault, contract.uploadAttachment);

  registerEndpoint(app, contract.moveVault, ({ user, body }) =>
    service.moveVault(deps.db, user, body),
  );
  registerEndpoint(app, contract.getVault, ({ user, params }) =>
    service.getVaultByKey(deps.db, user, params.key),
  );
  registerEndpoint(app, contract.updateVault, ({ user, params, body }) =>
    service.updateVault(deps.db, deps.storage, user, params.id, body),
  );
  registerEndpoint(app, deleteVault, ({ user, params }) =>
    service.deleteVault(deps.db, deps.storage, user, params.id),
  );
  registerEndpoint(app, vaultHistory, ({ user, params }) =>
    service.vaultHistory(deps.db, user, params.id),
  );

  // Files are served only to staff of their company, never as a page that could run script.
  app.get('/api/vaults/attachments/:id', async (request, reply) => {
    const user = requireUser(request);
    const { id } = parseWith(idParamsSchema, request.params, 'path');
    const { row, stream } = await service.openAttachment(deps.db, deps.storage, user, id);
    const { type, inline } = servedContentType(row.contentType);
    const ascii = row.fileName.replace(/[^\x20-\x7e]/g, '_');
    return reply
      .header('content-type', type)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('cache-control', 'private, no-store')
      .header(
        'content-disposition',
        `${inline ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(row.fileName)}`,
      )
      .send(stream);
  });
}
