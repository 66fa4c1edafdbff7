// An S3-protocol server for the storage tests, run as its own process (test/s3.ts starts it):
// s3rver on a free port of 127.0.0.1, keeping objects under the folder given as the first argument,
// with one bucket named by the second. Prints `{"port":N}` once it listens.
import S3rver from 's3rver';

const [directory, bucket] = process.argv.slice(2);
const server = new S3rver({
  address: '127.0.0.1',
  port: 0,
  directory,
  silent: true,
  configureBuckets: [{ name: bucket, configs: [] }],
});
const { port } = await server.run();
process.stdout.write(`${JSON.stringify({ port })}\n`);
const stop = () => server.close().finally(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
