/** Download links of board files, for members (GET /api/file/get) and public links' readers alike. */
import type { FastifyInstance } from 'fastify';
import { attachmentDisposition } from './content.js';
import { LinkSigner } from './signing.js';

const signers = new WeakMap<FastifyInstance, LinkSigner>();

/**
 * A short-lived link to download the file: the bucket's own when storage has one (it carries the
 * headers the API would send, decisions.md "Files in a bucket"), else the API's signed one.
 */
export async function downloadLink(
  app: FastifyInstance,
  file: { key: string; name: string; type: string },
): Promise<string> {
  const { direct } = app.storage;
  if (direct) {
    return direct.downloadUrl(file.key, { type: file.type, disposition: attachmentDisposition(file.name) });
  }
  let signer = signers.get(app);
  if (!signer) {
    signer = new LinkSigner(app.config.jwtSecret);
    signers.set(app, signer);
  }
  return signer.downloadUrl(file.key);
}
