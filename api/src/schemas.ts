/** The API's body normalization; the shapes themselves are the contract's (contract/src/common.ts). */
import type { preValidationHookHandler } from 'fastify';

type Normalization = 'trim' | 'lower';

/**
 * Trims (and lower-cases) string fields of the body before validation, so `' A@B.ru '` is checked
 * and stored as `'a@b.ru'` and a name of spaces counts as empty.
 */
export function normalize(fields: Record<string, Normalization>): preValidationHookHandler {
  return async (request) => {
    const body = request.body;
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return;
    const record = body as Record<string, unknown>;
    for (const [field, how] of Object.entries(fields)) {
      const value = record[field];
      if (typeof value !== 'string') continue;
      record[field] = how === 'lower' ? value.trim().toLowerCase() : value.trim();
    }
  };
}
