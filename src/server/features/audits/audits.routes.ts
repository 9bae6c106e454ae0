import type { FastifyInstance } from 'fastify';
import * as contract from '../../../contracts/audits';
import type { AppDeps } from '../../deps';
import { registerEndpoint } from '../../http/route';
import { auditCsv, auditFileName, auditPdf } from './audits.export';
import * as service from './audits.service';

export function registerAuditRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerEndpoint(app, contract.listAudits, ({ user }) => service.listAudits(deps.db, user));
  registerEndpoint(app, contract.startAudit, ({ user, body }) =>
    service.startAudit(deps.db, user, body),
  );
  registerEndpoint(app, contract.getAudit, ({ user, params }) =>
    service.getAudit(deps.db, user, params.id),
  );
  registerEndpoint(app, contract.checkAuditField, ({ user, params, body }) =>
    service.checkField(deps.db, user, params.id, params.fieldId, body),
  );
  registerEndpoint(app, contract.fixAuditFinding, ({ user, params, body }) =>
    service.fixFinding(deps.db, user, params.id, params.fieldId, body),
  );

  for (const [endpoint, type, render] of [
    [contract.exportAuditCsv, 'text/csv; charset=utf-8', 'csv'],
    [contract.exportAuditPdf, 'application/pdf', 'pdf'],
  ] as const) {
    registerEndpoint(app, endpoint, async ({ user, params, reply }) => {
      const audit = await service.getAudit(deps.db, user, params.id);
      const body = render === 'csv' ? auditCsv(audit) : await auditPdf(audit);
      reply
        .header('content-type', type)
        .header('content-disposition', `attachment; filename="${auditFileName(audit, render)}"`)
        .header('cache-control', 'no-store');
      return body;
    });
  }
}
