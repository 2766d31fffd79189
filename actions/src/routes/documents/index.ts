import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { sendAttachment } from '../../lib/send-attachment.ts';
import { streamDocumentsZip } from '../../services/documents/stream-documents-zip.ts';

const ZZipQuery = z.object({ ticket: z.string().min(1).max(16_000) });

/**
 * /api/documents/*: document downloads a browser opens by navigating (no bearer token).
 *
 * GET /api/documents/zip?ticket= (spec 002 §7 document/download, document/download-folder): the
 * zip `documentsZipUrl` made the link for, streamed from storage as the browser reads it. The
 * signed ticket is the credential; a bearer token, when sent, must be of the ticket's user.
 */
const documents: FastifyPluginAsync = async (app) => {
  app.get('/zip', async (request, reply) => {
    const { ticket } = ZZipQuery.parse(request.query);
    const bearerUserId = request.headers.authorization
      ? await app.verifyAccessToken(request).then(
          (user) => user.id,
          () => null,
        )
      : null;
    const zip = await streamDocumentsZip(app, app.log, { ticket, bearerUserId });
    // The client went away: stop reading storage.
    request.raw.on('close', () => {
      if (!reply.raw.writableFinished) zip.stream.destroy();
    });
    return sendAttachment(reply, { contentType: 'application/zip', fileName: zip.name, body: zip.stream });
  });
};
export default documents;
