import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { attachmentDisposition } from './content-disposition.ts';

/**
 * Answers a file to download: its type, `Content-Disposition: attachment` with its name (plain
 * ASCII and RFC 5987), never cached (each is made for one caller), never sniffed.
 */
export function sendAttachment(
  reply: FastifyReply,
  file: { contentType: string; fileName: string; body: Uint8Array | Readable },
) {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', attachmentDisposition(file.fileName))
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .send(file.body instanceof Uint8Array ? Buffer.from(file.body) : file.body);
}
