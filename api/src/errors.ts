import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fieldErrors } from './validation.js';

/** A field-keyed error body, as docs/decisions.md "API error shape" describes. */
export type ErrorBody = Record<string, string>;

export const MESSAGES = {
  internal: 'Внутренняя ошибка сервера',
  notFound: 'Не найдено',
  forbidden: 'Нет доступа',
  unauthorized: 'Требуется вход',
  tooManyAttempts: 'Слишком много попыток. Попробуйте позже.',
  badRequest: 'Некорректный запрос',
  tooLarge: 'Слишком большой запрос',
  timeout: 'Время ожидания запроса истекло',
  unsupportedMediaType: 'Неподдерживаемый тип данных',
  unavailable: 'Сервис временно недоступен, повторите попытку',
} as const;

/** Seconds a client is asked to wait before trying again while the database is out of reach. */
export const RETRY_AFTER_SECONDS = 5;

/** Connection failures (node's and PostgreSQL's own: shutting down, starting, connection lost). */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
]);
const UNAVAILABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|connection error/i;

/** Whether a failure means the database cannot be reached now (as opposed to a fault in the call). */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message, errors } = error as { code?: unknown; message?: unknown; errors?: unknown };
  if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
  // node-postgres reports a failed connect to several addresses as an AggregateError.
  if (Array.isArray(errors) && errors.some(isDatabaseUnavailable)) return true;
  return typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message);
}

/**
 * An expected failure: its status and body go to the client as they are. The body is field-keyed
 * messages, or for a 409 a `message` with the current item (contract/src/revisions.ts).
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: ErrorBody | ({ message: string } & Record<string, unknown>),
    readonly headers: Record<string, string> = {},
  ) {
    super(
      Object.values(body)
        .filter((value) => typeof value === 'string')
        .join('; '),
    );
    this.name = 'HttpError';
  }
}

export const unauthorized = () => new HttpError(401, { message: MESSAGES.unauthorized });
export const forbidden = () => new HttpError(403, { message: MESSAGES.forbidden });
export const notFound = () => new HttpError(404, { message: MESSAGES.notFound });

const GENERIC_BY_STATUS: Record<number, string> = {
  400: MESSAGES.badRequest,
  401: MESSAGES.unauthorized,
  403: MESSAGES.forbidden,
  404: MESSAGES.notFound,
  413: MESSAGES.tooLarge,
  415: MESSAGES.unsupportedMediaType,
  429: MESSAGES.tooManyAttempts,
};

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Set by the board-change kernel: why the caller may not touch the board a request names (404,
     * 403), or null. Asked before a validation error is told, so access comes before the payload.
     */
    boardAccessRefusal?: (request: FastifyRequest) => Promise<HttpError | null>;
  }
}

export async function errorHandler(
  error: FastifyError | HttpError,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  if (error instanceof HttpError) {
    return reply.code(error.statusCode).headers(error.headers).send(error.body);
  }
  if (error.validation) {
    const refusal = await request.server.boardAccessRefusal?.(request);
    if (refusal) return reply.code(refusal.statusCode).send(refusal.body);
    return reply.code(400).send(fieldErrors(error.validation, error.validationContext, request));
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    return reply.code(status).send({ message: GENERIC_BY_STATUS[status] ?? MESSAGES.badRequest });
  }
  if (isDatabaseUnavailable(error)) {
    request.server.outages.refused('database', 'request', error);
    return reply
      .code(503)
      .header('retry-after', String(RETRY_AFTER_SECONDS))
      .send({ message: MESSAGES.unavailable });
  }
  request.log.error({ err: error }, 'request failed');
  return reply.code(500).send({ message: MESSAGES.internal });
}

/**
 * A request Node's HTTP parser refused (malformed, headers too large, too slow) never reaches a route or
 * a hook: answered here as Fastify's own handler does, but in the product's shape and with the
 * security headers every other answer carries.
 */
export function clientErrorHandler(
  this: FastifyInstance,
  error: NodeJS.ErrnoException,
  socket: Socket,
): void {
  // A connection reset leaves nothing to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, MESSAGES.timeout]
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, MESSAGES.tooLarge]
        : [400, MESSAGES.badRequest];
  if (socket.writable) {
    const body = JSON.stringify({ message });
    const headers = {
      ...this.securityHeaders,
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(Buffer.byteLength(body)),
      connection: 'close',
    };
    const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}`);
    socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${lines.join('\r\n')}\r\n\r\n${body}`);
  }
  socket.destroy(error);
}
