import type { FastifyInstance } from 'fastify';
import * as contract from '../../../contracts/vaults';
import { deleteVault } from '../../../contracts/vault-deletion';
import { vaultHistory } from '../../../contracts/vault-events';
import { releaseVault } from '../../../contracts/vault-release';
import type { AppDeps } from '../../deps';
import { AppError } from '../../http/errors';
import { registerEndpoint } from '../../http/route';
import { servedContentType } from '../../http/multipart';
import * as service from './vaults.service';
import { resolveScanCode } from '../../../contracts/scan-codes';
import * as scanCodes from './scan-codes.service';

export function registerVaultRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerEndpoint(app, contract.addVault, async ({ user, readForm }) => {
    const { body, file } = await readForm();
    return service.addVault(deps.db, deps.storage, user, body, file);
  });
  registerEndpoint(app, contract.uploadAttachment, async ({ user, readForm }) => {
    const { body, file } = await readForm();
    if (!file) throw new AppError('VALIDATION_FAILED', 'Choose a file to upload.');
    return service.uploadAttachment(deps.db, deps.storage, user, body.vault_id, file);
  });

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
  registerEndpoint(app, releaseVault, ({ user, params }) =>
    service.releaseVault(deps.db, user, params.id),
  );
  registerEndpoint(app, resolveScanCode, ({ user, params }) =>
    scanCodes.resolveScanCode(deps.db, user, params.code),
  );
  registerEndpoint(app, vaultHistory, ({ user, params }) =>
    service.vaultHistory(deps.db, user, params.id),
  );

  registerEndpoint(app, contract.downloadAttachment, async ({ user, params, reply }) => {
    const { row, stream } = await service.openAttachment(deps.db, deps.storage, user, params.id);
    const { type, inline } = servedContentType(row.contentType);
    const ascii = row.fileName.replace(/[^\x20-\x7e]/g, '_');
    reply
      .header('content-type', type)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('cache-control', 'private, no-store')
      .header(
        'content-disposition',
        `${inline ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(row.fileName)}`,
      );
    return stream;
  });
}
