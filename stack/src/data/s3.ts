import { chmodSync, mkdirSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import S3rver from 's3rver';
import { type S3Refusal, verifyS3Request } from './s3-signature.ts';

/**
 * The S3 API of `npm start`: s3rver (objects on disk, the bucket's CORS rules) behind a guard of
 * ours, on loopback only (docs/decisions/local-stack.md#s3-signatures). s3rver 3.7.1 serves anyone:
 * it lets unsigned requests through, takes any AWS Signature V4 for its access key id without
 * checking it, and takes browser form uploads (POST). The guard answers first, as S3 would:
 * - a request whose `Origin` is not one of the app's is refused: a page of another site can send
 *   a form POST, or a simple GET, without CORS asking first;
 * - a POST other than the SDK's multipart upload and multi-object delete is refused: no browser
 *   POST uploads (the app uploads with presigned PUTs);
 * - every request but a CORS preflight must carry a valid Signature V4 (Authorization header or
 *   presigned URL) made with the stack's secret key, and presigned URLs expire.
 * Then s3rver serves it. s3rver knows one access key id, `S3RVER`, and refuses others: the secret
 * key is what is private, generated once per installation (`$DATA_DIR/secrets.json`).
 */

/** The access key id s3rver knows; the guard checks the secret key. */
export const S3RVER_ACCESS_KEY_ID = 'S3RVER';

export interface S3rverOptions {
  /** 0 picks a free port. */
  port: number;
  /** Where buckets and objects are kept (made if missing; kept across restarts). */
  directory: string;
  bucket: string;
  /** Origins whose pages may use presigned URLs (the app's); requests from any other are refused. */
  allowedOrigins: string[];
  /** The secret key every request must be signed with (the access key id is `S3RVER`). */
  secretAccessKey: string;
  /** A loopback address (default 127.0.0.1); anything else is refused. */
  host?: string;
}

export interface RunningS3 {
  /** `http://<host>:<port>` */
  endpoint: string;
  host: string;
  port: number;
  credentials: { accessKeyId: string; secretAccessKey: string };
  stop(): Promise<void>;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The bucket's CORS rules: browsers on the app origin PUT uploads to presigned URLs and GET
 * downloads. Without a rule s3rver answers the preflight with 403.
 */
export function corsXml(allowedOrigins: string[]): string {
  const origins = allowedOrigins.map((o) => `    <AllowedOrigin>${escapeXml(o)}</AllowedOrigin>`).join('\n');
  return `<CORSConfiguration>
  <CORSRule>
${origins}
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>HEAD</AllowedMethod>
    <AllowedMethod>PUT</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`;
}

/** 127.0.0.0/8, ::1 and `localhost`: reachable from this machine only. */
export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

/** Answers with S3's XML error; the request's body (an upload) is read and dropped. */
function refuse(req: http.IncomingMessage, res: http.ServerResponse, refusal: S3Refusal): void {
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${refusal.code}</Code><Message>${escapeXml(refusal.message)}</Message></Error>`;
  req.resume();
  res.writeHead(refusal.status ?? 403, {
    'content-type': 'application/xml',
    'content-length': Buffer.byteLength(body),
  });
  res.end(body);
}

/** The refusals that need no signature check: other sites' pages and browser form uploads. */
function refusalBeforeSignature(req: http.IncomingMessage, allowedOrigins: string[]): S3Refusal | null {
  const origin = req.headers.origin;
  if (origin !== undefined && !allowedOrigins.includes(origin)) {
    return { code: 'AccessDenied', message: `Requests from ${origin} are not allowed.` };
  }
  if (req.method === 'POST') {
    const query = new URL(req.url ?? '/', 'http://s3').searchParams;
    if (!['uploads', 'uploadId', 'delete'].some((name) => query.has(name))) {
      return { code: 'AccessDenied', message: 'Browser POST uploads are not accepted; use a presigned PUT.' };
    }
  }
  return null;
}

/** Starts the guarded s3rver with the bucket (created, or kept with its objects) and its CORS rules. */
export async function startS3rver(options: S3rverOptions): Promise<RunningS3> {
  const host = options.host ?? '127.0.0.1';
  if (!isLoopback(host)) {
    throw new Error(`s3rver listens on loopback only (127.0.0.1, ::1 or localhost), not on ${host}`);
  }
  // Only this user reads the objects on disk, as only the stack's signature gets them served.
  mkdirSync(options.directory, { recursive: true, mode: 0o700 });
  chmodSync(options.directory, 0o700);
  const credentials = { accessKeyId: S3RVER_ACCESS_KEY_ID, secretAccessKey: options.secretAccessKey };
  const s3rver = new S3rver({
    directory: options.directory,
    silent: true,
    // Requests to `localhost` and IPs are path-style; anything else would be taken as a bucket host.
    vhostBuckets: false,
    configureBuckets: [
      {
        name: options.bucket,
        configs: options.allowedOrigins.length ? [corsXml(options.allowedOrigins)] : [],
      },
    ],
  });
  await s3rver.configureBuckets();
  const serve = s3rver.callback();
  const server = http.createServer((req, res) => {
    // A CORS preflight is never signed (browsers send none with it); s3rver answers it from the
    // bucket's rules, and it reads or writes nothing.
    if (req.method === 'OPTIONS') return serve(req, res);
    const early = refusalBeforeSignature(req, options.allowedOrigins);
    if (early) return refuse(req, res, early);
    verifyS3Request(req, credentials).then(
      (refusal) => (refusal ? refuse(req, res, refusal) : serve(req, res)),
      (error: Error) => refuse(req, res, { code: 'InternalError', message: error.message, status: 500 }),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    host,
    port,
    credentials,
    stop: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
    },
  };
}
