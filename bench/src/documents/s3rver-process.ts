/**
 * s3rver in a process of its own for the documents bench (so that the actions service, the
 * bench's client and the object store do not share an event loop): serves `--directory` with one
 * bucket and prints `{"port":N}` once listening. Stops on SIGTERM.
 */
import { parseArgs } from 'node:util';
import S3rver from 's3rver';

const { values } = parseArgs({ options: { directory: { type: 'string' }, bucket: { type: 'string' } } });
const server = new S3rver({
  address: '127.0.0.1',
  port: 0,
  directory: values.directory!,
  silent: true,
  vhostBuckets: false,
  configureBuckets: [{ name: values.bucket ?? 'portal', configs: [] }],
});
const { port } = await server.run();
process.stdout.write(`${JSON.stringify({ port })}\n`);
process.on('SIGTERM', () => {
  void server.close().finally(() => process.exit(0));
});
