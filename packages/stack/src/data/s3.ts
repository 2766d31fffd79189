import { mkdirSync } from 'node:fs';
import S3rver from 's3rver';

export interface S3rverOptions {
  port: number;
  /** Where buckets and objects are kept. */
  directory: string;
  bucket: string;
  /** Origins allowed to PUT and GET objects from a browser (the app's origin). */
  allowedOrigins: string[];
  /** Bind address (default 127.0.0.1). */
  host?: string;
}

export interface RunningS3 {
  endpoint: string;
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

/** Starts s3rver with the bucket (created, or kept with its objects) and its CORS rules. */
export async function startS3rver(options: S3rverOptions): Promise<RunningS3> {
  mkdirSync(options.directory, { recursive: true });
  const host = options.host ?? '127.0.0.1';
  const server = new S3rver({
    address: host,
    port: options.port,
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
  const address = await server.run();
  return {
    endpoint: `http://${host}:${address.port}`,
    stop: () => server.close(),
  };
}
