import type { FastifyInstance } from 'fastify';
import * as contract from '../../../contracts/imports';
import { IMPORT_FILE_TOO_LARGE_MESSAGE, MAX_IMPORT_BYTES } from '../../../contracts/limits';
import type { AppDeps } from '../../deps';
import { readForm } from '../../http/multipart';
import { documentEndpoint, parseWith, registerEndpoint, requireUser } from '../../http/route';
import { idParamsSchema } from '../../../contracts/common';
import { ImportRunner } from './import-runner';
import * as service from './imports.service';

export function registerImportRoutes(app: FastifyInstance, deps: AppDeps): void {
  const runner = new ImportRunner(deps.db);
  // A closing server ends its imports first (cancelled, so nothing half-done is kept).
  app.addHook('onClose', () => runner.stop());

  // Multipart, routed by hand: the body is a stream, and the file limit is the import's own.
  app.post(contract.uploadImport.path, async (request) => {
    const user = requireUser(request);
    const { file } = await readForm(request, 'file', {
      maxBytes: MAX_IMPORT_BYTES,
      message: IMPORT_FILE_TOO_LARGE_MESSAGE,
    });
    return service.uploadImport(deps.db, runner, user, file);
  });
  documentEndpoint(contract.uploadImport);

  registerEndpoint(app, contract.listImports, ({ user }) =>
    service.listImports(deps.db, runner, user),
  );
  registerEndpoint(app, contract.getImport, ({ user, params }) =>
    service.getImport(deps.db, runner, user, params.id),
  );
  registerEndpoint(app, contract.previewImport, ({ user, params, body }) =>
    service.previewImport(deps.db, user, params.id, body),
  );
  registerEndpoint(app, contract.startImport, ({ user, params, body }) =>
    service.startImport(deps.db, runner, user, params.id, body),
  );
  registerEndpoint(app, contract.cancelImport, ({ user, params }) =>
    service.cancelImport(deps.db, runner, user, params.id),
  );

  // A file download, not JSON: registered directly, with the same session rule.
  app.get(contract.downloadRefusedRows.path, async (request, reply) => {
    const user = requireUser(request);
    const { id } = parseWith(idParamsSchema, request.params, 'path');
    const csv = await service.refusedRowsCsv(deps.db, user, id);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${csv.fileName}"`)
      .header('cache-control', 'no-store')
      .send(csv.body);
  });
  documentEndpoint(contract.downloadRefusedRows);
}
