import {
  ArgumentsHost,
  Catch,
  HttpException,
  HttpStatus,
  Logger,
  type ExceptionFilter,
} from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isDatabaseUnavailable, isValueTooLong } from '../database/database-errors.js';
import type { ErrorBody } from '@leadpulse/common';
import { AppException } from './app.exception.js';

/** Seconds a client is asked to wait before retrying while the database is unreachable. */
const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

const CODES: Record<number, string> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  406: 'not_acceptable',
  408: 'request_timeout',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  422: 'unprocessable_entity',
  429: 'too_many_requests',
  500: 'internal_error',
  503: 'service_unavailable',
};

const MESSAGES: Record<number, string> = {
  400: 'The request is not valid.',
  401: 'You need to sign in first.',
  403: 'You do not have permission to do that.',
  404: 'Not found.',
  413: 'The request body is too large (the limit is 100 KB).',
  415: 'Send the request body as JSON.',
  429: 'Too many requests. Please wait a moment and try again.',
  500: 'An unexpected error occurred. Please try again.',
  503: 'The service is temporarily unavailable. Please try again shortly.',
};

const VALUE_TOO_LONG = 'A value is longer than its field allows.';

/** Something Fastify threw before Nest saw the request: bad JSON, a body over the limit. */
interface FastifyError extends Error {
  statusCode?: number;
  code?: string;
}

/** Turns any thrown value into the one error shape; never leaks a stack or an internal message. */
export function toErrorBody(exception: unknown): ErrorBody {
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    const response = exception.getResponse();
    if (typeof response === 'object' && response !== null && 'code' in response) {
      return response as ErrorBody;
    }
    const raw =
      typeof response === 'object' && response !== null
        ? (response as { message?: unknown }).message
        : response;
    const message =
      typeof raw === 'string' && status < 500 ? raw : (MESSAGES[status] ?? exception.message);
    return { statusCode: status, code: CODES[status] ?? `http_${status}`, message };
  }
  const fastifyError = exception as FastifyError;
  const status = fastifyError?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const message =
      fastifyError.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || fastifyError.name === 'SyntaxError'
        ? 'The request body is not valid JSON.'
        : (MESSAGES[status] ?? 'The request is not valid.');
    return { statusCode: status, code: CODES[status] ?? `http_${status}`, message };
  }
  if (isDatabaseUnavailable(exception))
    return { statusCode: 503, code: CODES[503], message: MESSAGES[503] };
  if (isValueTooLong(exception))
    return { statusCode: 400, code: 'validation_failed', message: VALUE_TOO_LONG };
  return { statusCode: 500, code: 'internal_error', message: MESSAGES[500] };
}

@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger(AllExceptionsFilter.name);

  constructor(
    private readonly notFoundFallback?: (request: FastifyRequest, reply: FastifyReply) => boolean,
  ) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const context = host.switchToHttp();
    this.send(context.getRequest<FastifyRequest>(), context.getResponse<FastifyReply>(), exception);
  }

  /** Answers the request with the error's body, logging what needs a look. */
  send(request: FastifyRequest, reply: FastifyReply, exception: unknown): void {
    const body = toErrorBody(exception);
    if (body.statusCode === HttpStatus.NOT_FOUND && this.notFoundFallback?.(request, reply)) return;
    if (body.statusCode === HttpStatus.SERVICE_UNAVAILABLE) {
      // One line, no stack: an outage would otherwise flood the log with identical traces.
      this.logger.warn(
        `Database unavailable on ${request.method} ${request.url.split('?')[0]}: ${(exception as Error).message}`,
      );
      void reply.header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
    } else if (isValueTooLong(exception)) {
      // Refused, but a field whose DTO bound lets through more than its column holds.
      this.logger.warn(
        `Value too long on ${request.method} ${request.url.split('?')[0]}: ${(exception as Error).message}`,
      );
    } else if (body.statusCode >= 500) {
      this.logger.error(
        { err: exception, method: request.method, url: request.url },
        `Unhandled error on ${request.method} ${request.url.split('?')[0]}`,
      );
    }
    if (exception instanceof AppException && exception.headers)
      void reply.headers(exception.headers);
    void reply.status(body.statusCode).send(body);
  }
}
