// GET reports/options, POST reports/generate, GET reports/{id}, POST reports/{id}/retry and GET
// reports/download/{fileId} (spec 03 §7 'Reports'; issue 17). The download is reached by the signed link of the
// report's e-mail (valid 7 days), without our bearer token.
import { Readable } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import { routes } from '@allclear/contracts/routes';
import type { AppDeps } from '../../../platform/deps.ts';
import { notFound } from '../../../platform/errors.ts';
import { register } from '../../../platform/route.ts';
import { urlSignerFor } from '../../../platform/url-signer.ts';
import { principalOf } from '../../shared/principal.ts';
import { ReportService } from './report.service.ts';

export const reportRoutes: FastifyPluginAsync<Pick<AppDeps, 'db' | 'clock'>> = async (app, { db, clock }) => {
  const service = new ReportService(db.db, clock);

  register(app, routes.reportOptions, {}, async (request) => service.options(principalOf(request)));
  register(app, routes.reportGenerate, {}, async (request) =>
    service.generate(principalOf(request), request.body),
  );
  register(app, routes.reportGet, {}, async (request) =>
    service.get(principalOf(request), request.params.id),
  );
  register(app, routes.reportRetry, {}, async (request) =>
    service.retry(principalOf(request), request.params.id),
  );
  register(app, routes.reportDownload, {}, async (request, reply) => {
    const path = request.url.split('?')[0]!;
    const signer = await urlSignerFor(db.db);
    if (!signer.verify(path, request.query.exp, request.query.sig, clock.now().getTime()))
      throw notFound('Report file');
    const { file, chunks } = await service.file(request.params.fileId);
    const ascii = file.fileName.replace(/[^\x20-\x7e]/g, '_').replace(/"/g, "'");
    return reply
      .type(file.contentType)
      .header('content-length', String(file.sizeBytes))
      .header('cache-control', 'private, no-store')
      .header(
        'content-disposition',
        `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
      )
      .send(Readable.from(chunks));
  });
};
