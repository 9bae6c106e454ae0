import type { FastifyInstance } from 'fastify';
import * as contract from '../../../contracts/imports';
import type { AppDeps } from '../../deps';
import { registerEndpoint } from '../../http/route';
import { ImportRunner } from './import-runner';
import * as service from './imports.service';

/** How often this server looks for imports whose server stopped. */
const SWEEP_INTERVAL_MS = 30_000;

export function registerImportRoutes(app: FastifyInstance, deps: AppDeps): void {
  const runner = new ImportRunner(deps.db);
  // Jobs left running by a server that stopped are ended at start and then periodically
  // (decision 0050); a failed sweep is tried again by the next.
  const sweep = () => service.sweepStoppedImports(deps.db).catch(() => undefined);
  const sweeper = setInterval(() => void sweep(), SWEEP_INTERVAL_MS);
  sweeper.unref();
  app.addHook('onReady', async () => {
    await sweep();
  });
  // A closing server ends its imports first (cancelled, so nothing half-done is kept).
  app.addHook('onClose', async () => {
    clearInterval(sweeper);
    await runner.stop();
    runner.retire();
  });

  registerEndpoint(app, contract.uploadImport, async ({ user, readForm }) => {
    const { file } = await readForm();
    return service.uploadImport(deps.db, runner, user, file);
  });

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

  registerEndpoint(app, contract.importAgain, ({ user, params }) =>
    service.importAgain(deps.db, runner, user, params.id),
  );

  registerEndpoint(app, contract.downloadRefusedRows, async ({ user, params, reply }) => {
    const csv = await service.refusedRowsCsv(deps.db, user, params.id);
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${csv.fileName}"`)
      .header('cache-control', 'no-store');
    return csv.body;
  });
}
