/**
 * Request validation. Bodies are checked strictly (no type coercion, every error reported, unknown
 * properties removed); params and query strings are coerced from text as Fastify does by default.
 * A failed check becomes a flat `{ field: 'Russian message' }` body: each field schema may carry its
 * own message in `x-error`; too long values get one shared message.
 */
import { Ajv, type Options, type ValidateFunction } from 'ajv';
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

/** How an integer is written in a path or query string: digits, maybe a minus sign, nothing else. */
const INTEGER_TEXT = /^-?[0-9]+$/;

/**
 * Ajv coerces text to a number as JavaScript does, so 'Infinity', '1e309', '0x10' or ' 7' would
 * pass as integers (and reach SQL). Integer fields of a path or query string must be written as
 * digits: anything else fails that field before Ajv sees it.
 */
function digitsOnly(
  schema: { properties?: Record<string, { type?: unknown; items?: { type?: unknown } }> },
  validate: ValidateFunction,
): ValidateFunction {
  const integers = Object.entries(schema.properties ?? {})
    .filter(([, p]) => p.type === 'integer' || (p.type === 'array' && p.items?.type === 'integer'))
    .map(([name]) => name);
  if (integers.length === 0) return validate;
  const check = ((data: unknown) => {
    const record = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;
    for (const name of integers) {
      const values = [record[name]].flat();
      if (values.some((value) => typeof value === 'string' && !INTEGER_TEXT.test(value))) {
        check.errors = [
          {
            keyword: 'type',
            instancePath: `/${name}`,
            schemaPath: '',
            params: { type: 'integer' },
            message: 'must be integer',
          },
        ];
        return false;
      }
    }
    const valid = validate(data);
    check.errors = validate.errors;
    return valid;
  }) as ValidateFunction;
  return check;
}

export const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) =>
  httpPart === 'body'
    ? bodyAjv.compile(schema as object)
    : digitsOnly(schema as object, textAjv.compile(schema as object));

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
