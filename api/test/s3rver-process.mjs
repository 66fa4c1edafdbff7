// An S3-protocol server run as its own process: by the storage tests (test/s3.ts) and by `pnpm stack
// --s3`. s3rver on 127.0.0.1, keeping objects under the folder given as the first argument, with one
// bucket named by the second; a third argument is an origin allowed to PUT and GET from browsers (CORS),
// a fourth the port (a free one when absent or 0). Prints `{"port":N}` once it listens.
//
// s3rver does not check SigV4 signatures; presigned links (query signatures) are checked here, as AWS
// and MinIO do, so a PUT with another Content-Length or Content-Type than the link signs is refused.
import { createHash, createHmac } from 'node:crypto';
import S3rver from 's3rver';

const [directory, bucket, origin, port = '0'] = process.argv.slice(2);
const SECRET = 'S3RVER';

const encode = (text) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const hmac = (key, text) => createHmac('sha256', key).update(text).digest();

/** Answers why a presigned request's signature does not hold, or null when it does. */
function presignedFault(req) {
  const [path, rawQuery = ''] = req.url.split('?');
  const pairs = rawQuery
    .split('&')
    .filter(Boolean)
    .map((pair) => pair.split('=').map((part) => decodeURIComponent(part.replace(/\+/g, ' '))));
  const query = Object.fromEntries(pairs);
  const signature = query['X-Amz-Signature'];
  if (signature === undefined) return null;
  const date = query['X-Amz-Date'] ?? '';
  const issued = Date.parse(date.replace(/^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z$/, '$1-$2-$3T$4:$5:$6Z'));
  if (!(issued + Number(query['X-Amz-Expires']) * 1000 >= Date.now())) return 'Request has expired';
  const signed = (query['X-Amz-SignedHeaders'] ?? '').split(';');
  const canonical = [
    req.method,
    path,
    pairs
      .filter(([name]) => name !== 'X-Amz-Signature')
      .map(([name, value = '']) => `${encode(name)}=${encode(value)}`)
      .sort()
      .join('&'),
    signed
      .map(
        (name) =>
          `${name}:${String(req.headers[name] ?? '')
            .trim()
            .replace(/\s+/g, ' ')}\n`,
      )
      .join(''),
    signed.join(';'),
    query['X-Amz-Content-Sha256'] ?? 'UNSIGNED-PAYLOAD',
  ].join('\n');
  const scope = (query['X-Amz-Credential'] ?? '').split('/').slice(1);
  const stringToSign = [
    'AWS4-HMAC-SHA256',
    date,
    scope.join('/'),
    createHash('sha256').update(canonical).digest('hex'),
  ].join('\n');
  const key = scope.slice(0, 4).reduce((k, part) => hmac(k, part), `AWS4${SECRET}`);
  return hmac(key, stringToSign).toString('hex') === signature ? null : 'SignatureDoesNotMatch';
}

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
// First in Koa's chain, before s3rver reads the body.
server.middleware.unshift(async (ctx, next) => {
  const fault = ctx.method === 'OPTIONS' ? null : presignedFault(ctx.req);
  if (fault === null) return next();
  ctx.status = 403;
  ctx.type = 'application/xml';
  ctx.body = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>AccessDenied</Code><Message>${fault}</Message></Error>`;
  if (origin) ctx.set('Access-Control-Allow-Origin', origin);
});
const listening = await server.run();
process.stdout.write(`${JSON.stringify({ port: listening.port })}\n`);
const stop = () => server.close().finally(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
