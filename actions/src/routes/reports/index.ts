import {
  parseReportFilters,
  portalToday,
  REPORT_EXPORT_FORMATS,
  REPORT_NAMES,
  REPORT_TABLE_KEY,
  type TReportName,
} from '@portal/domain';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../errors/app-error.ts';
import { sendAttachment } from '../../lib/send-attachment.ts';
import { callerOfUser } from '../../services/practices/practice-access.ts';
import { REPORT_LOADERS } from '../../services/reports/registry.ts';
import { renderReportTable } from '../../services/reports/render-report-table.ts';

const ZReportParams = z.object({ report: z.enum(REPORT_NAMES) });
const ZExportParams = ZReportParams.extend({
  table: z.string().regex(REPORT_TABLE_KEY),
  format: z.enum(REPORT_EXPORT_FORMATS),
});

/**
 * /api/reports/*: the reports (docs/decisions/reports.md). Every route needs a signed-in user
 * (bearer token); each report's service decides who may read it (`canOpenReport`).
 *
 * GET /api/reports/:report?<filters>: the report's tables as JSON (`TReport`), the figures read
 * from the reports' read replica when REPORTS_DATABASE_URL names one.
 * GET /api/reports/:report/:table.csv|.xlsx?<filters>: one of its tables as a file, the same
 * rows the screen shows.
 */
const reports: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', app.authenticate);

  /** The report for the caller under the query's filters; 404 for a report not built. */
  const make = (report: TReportName, request: FastifyRequest) => {
    const loader = REPORT_LOADERS[report];
    if (!loader) throw new AppError('not_found');
    const filters = parseReportFilters(request.query as Record<string, unknown>);
    return loader({ primary: app.db, figures: app.reportsDb }, callerOfUser(request.user), filters);
  };

  app.get('/:report', async (request, reply) => {
    const { report } = ZReportParams.parse(request.params);
    return reply.header('cache-control', 'no-store').send(await make(report, request));
  });

  app.get('/:report/:file', async (request, reply) => {
    const { report, file } = request.params as { report: string; file: string };
    const dot = file.lastIndexOf('.');
    const params = ZExportParams.parse({ report, table: file.slice(0, dot), format: file.slice(dot + 1) });
    const made = await make(params.report, request);
    const table = made.tables.find((candidate) => candidate.key === params.table);
    if (!table) throw new AppError('not_found');
    const rendered = await renderReportTable(table, params.format);
    return sendAttachment(reply, {
      contentType: rendered.contentType,
      fileName: `${params.report}-${params.table}-${portalToday()}.${params.format}`,
      body: rendered.body,
    });
  });
};
export default reports;
