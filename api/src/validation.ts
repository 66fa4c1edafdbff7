/**
 * Request validation. Bodies are checked strictly (no type coercion, every error reported, unknown
 * properties removed); params and query strings are coerced from text as Fastify does by default.
 * A failed check becomes a flat `{ field: 'Russian message' }` body: each field schema may carry its
 * own message in `x-error`; too long values get one shared message.
 */
import { Ajv, type Options } from 'ajv';
import type {
  FastifyError,
  FastifyRequest,
  FastifySchema,
  FastifySchemaCompiler,
  FastifySchemaValidationError,
} from 'fastify';

export const TOO_LONG = 'Слишком длинное значение';
const INVALID = 'Некорректное значение';
const BAD_REQUEST = 'Некорректный запрос';

const EMAIL =
  /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function createAjv(options: Options): Ajv {
  const ajv = new Ajv({ useDefaults: true, removeAdditional: true, ...options });
  ajv.addFormat('email', EMAIL);
  ajv.addFormat('uuid', UUID);
  ajv.addKeyword({ keyword: 'x-error', schemaType: 'string' });
  return ajv;
}

const bodyAjv = createAjv({ coerceTypes: false, allErrors: true });
const textAjv = createAjv({ coerceTypes: 'array', allErrors: false });

export const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) =>
  (httpPart === 'body' ? bodyAjv : textAjv).compile(schema as object);

type SchemaPart = 'body' | 'querystring' | 'params' | 'headers';

function propertySchema(request: FastifyRequest, part: SchemaPart, field: string): Record<string, unknown> {
  const schema = (request.routeOptions.schema as FastifySchema | undefined)?.[part] as
    | { properties?: Record<string, Record<string, unknown>> }
    | undefined;
  return schema?.properties?.[field] ?? {};
}

function fieldOf(error: FastifySchemaValidationError): string | null {
  if (error.keyword === 'required') {
    const missing = (error.params as { missingProperty?: string }).missingProperty;
    return missing ?? null;
  }
  const first = error.instancePath.split('/')[1];
  return first ? first.replace(/~1/g, '/').replace(/~0/g, '~') : null;
}

/** Turns validation errors into one message per field. */
export function fieldErrors(
  errors: FastifySchemaValidationError[],
  context: FastifyError['validationContext'],
  request: FastifyRequest,
): Record<string, string> {
  const result: Record<string, string> = {};
  for (const error of errors) {
    const field = fieldOf(error);
    if (field === null) {
      result.message ??= BAD_REQUEST;
      continue;
    }
    if (error.keyword === 'maxLength' || error.keyword === 'maxItems') {
      result[field] = TOO_LONG;
      continue;
    }
    const custom = propertySchema(request, context as SchemaPart, field)['x-error'];
    result[field] ??= typeof custom === 'string' ? custom : INVALID;
  }
  return result;
}
