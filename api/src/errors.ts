import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
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
  unsupportedMediaType: 'Неподдерживаемый тип данных',
} as const;

/**
 * An expected failure: its status and body go to the client as they are. The body is field-keyed
 * messages, or for a 409 a `message` with the current item (revisions/schemas.ts).
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

export function errorHandler(error: FastifyError | HttpError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof HttpError) {
    return reply.code(error.statusCode).headers(error.headers).send(error.body);
  }
  if (error.validation) {
    return reply.code(400).send(fieldErrors(error.validation, error.validationContext, request));
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    return reply.code(status).send({ message: GENERIC_BY_STATUS[status] ?? MESSAGES.badRequest });
  }
  request.log.error({ err: error }, 'request failed');
  return reply.code(500).send({ message: MESSAGES.internal });
}
