import type { FastifyInstance } from 'fastify';
import * as contract from '../../../contracts/customers';
import type { AppDeps } from '../../deps';
import { registerEndpoint } from '../../http/route';
import { createLimiter } from '../../lib/limiter';
import { conversionNoticePdf } from './conversion-notice.pdf';
import * as service from './customers.service';
import { reportFileName, storageReportCsv, storageReportXlsx } from './storage-report.export';
import * as report from './storage-report.service';

// Rendering a PDF or a workbook is CPU work on the server's one thread: two at a time.
const renders = createLimiter(2);

export function registerCustomerRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerEndpoint(app, contract.listCustomers, ({ user }) => service.listCustomers(deps.db, user));
  registerEndpoint(app, contract.listSitEnding, ({ user }) => service.listSitEnding(deps.db, user));
  registerEndpoint(app, contract.getCustomer, ({ user, params }) =>
    service.getCustomer(deps.db, user, params.id),
  );
  registerEndpoint(app, contract.updateCustomer, ({ user, params, body }) =>
    service.updateCustomer(deps.db, user, params.id, body),
  );
  registerEndpoint(app, contract.conversionNotice, async ({ user, params, reply }) => {
    const notice = await service.customerForNotice(deps.db, user, params.id);
    const pdf = await renders(() =>
      conversionNoticePdf({ ...notice, companyName: user.companyName }),
    );
    reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `inline; filename="conversion-notice-${params.id}.pdf"`)
      .header('cache-control', 'private, no-store');
    return pdf;
  });
  registerEndpoint(app, contract.getStorageReport, ({ user, query }) =>
    report.getStorageReport(deps.db, user, query),
  );
  registerEndpoint(app, contract.updateStorageReportSettings, ({ user, body }) =>
    report.setReportCountsStaged(deps.db, user, body.countsStaged),
  );
  registerEndpoint(app, contract.downloadStorageReport, async ({ user, params, query, reply }) => {
    const answer = await report.getStorageReport(deps.db, user, query);
    const file =
      params.format === 'csv'
        ? storageReportCsv(answer)
        : await renders(() => storageReportXlsx(answer));
    reply
      .header(
        'content-type',
        params.format === 'csv'
          ? 'text/csv; charset=utf-8'
          : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      )
      .header(
        'content-disposition',
        `attachment; filename="${reportFileName(answer, params.format)}"`,
      )
      .header('cache-control', 'private, no-store');
    return file;
  });
}
