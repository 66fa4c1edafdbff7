// An S3-protocol server run as its own process: by the storage tests (test/s3.ts) and by `pnpm stack
// --s3`. s3rver on 127.0.0.1, keeping objects under the folder given as the first argument, with one
// bucket named by the second; a third argument is an origin allowed to PUT and GET from browsers (CORS),
// a fourth the port (a free one when absent or 0). Prints `{"port":N}` once it listens.
import S3rver from 's3rver';

const [directory, bucket, origin, port = '0'] = process.argv.slice(2);
const cors = `<CORSConfiguration><CORSRule><AllowedOrigin>${origin}</AllowedOrigin>
<AllowedMethod>PUT</AllowedMethod><AllowedMethod>GET</AllowedMethod><AllowedHeader>*</AllowedHeader>
</CORSRule></CORSConfiguration>`;
const server = new S3rver({
  address: '127.0.0.1',
  port: Number(port),
  directory,
  silent: true,
  configureBuckets: [{ name: bucket, configs: origin ? [cors] : [] }],
});
const listening = await server.run();
process.stdout.write(`${JSON.stringify({ port: listening.port })}\n`);
const stop = () => server.close().finally(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
