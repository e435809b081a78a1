import { createRequire } from 'node:module';
import type { LoggerService } from '@nestjs/common';
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { pino, type DestinationStream, type Logger as PinoLogger, type LoggerOptions } from 'pino';
import type pinoPretty from 'pino-pretty';
import { requestContext } from '../common/request-context.js';

/** Never written to a log line. */
const SECRET_HEADERS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["stripe-signature"]',
];
const SECRET_FIELDS = [
  'password',
  'current_password',
  'new_password',
  'token',
  'access_token',
  'refresh_token',
];
const CENSOR = '[redacted]';

/** Any logged object's secret fields (`*.password`), wherever they appear. */
const REDACTED = [...SECRET_HEADERS, ...SECRET_FIELDS.map((field) => `*.${field}`)];

/**
 * The request lines' secrets, by explicit path: those lines hold the fields RequestLogController
 * writes and Fastify's `req`, `res` and `err`. A wildcard path would send every field of every
 * line through the redactor, which was the largest part of logging a request.
 */
const REQUEST_REDACTED = [
  ...SECRET_HEADERS,
  ...['req', 'res', 'err'].flatMap((key) => SECRET_FIELDS.map((field) => `${key}.${field}`)),
];

/** Query parameters named `token` or `…token` (one-click unsubscribe links carry one). */
const TOKEN_PARAMETER = /([?&][^=&#]*token=)[^&#]*/gi;

/** A URL as a log line may show it: the value of every token query parameter replaced. */
export function redactUrl(url: string): string {
  // Most URLs carry no parameter value at all, which a search for one character tells.
  return url.includes('=') ? url.replace(TOKEN_PARAMETER, '$1[redacted]') : url;
}

/**
 * pino-pretty, loaded only when readable lines are wanted: it is a development dependency, absent
 * from a production install (`npm ci --omit=dev`). Loaded synchronously (it is CommonJS), so that
 * the logger exists before anything else starts.
 */
function loadPretty(): typeof pinoPretty {
  return createRequire(import.meta.url)('pino-pretty') as typeof pinoPretty;
}

/** The mixin's answer for a line it adds nothing to: pino then writes the line's own fields. */
const NOTHING = Object.freeze({});

/** Marks the logger of request lines, whose children bind the request id already. */
const REQUEST_LINES = Symbol('request lines');

type RequestLinesLogger = PinoLogger & { [REQUEST_LINES]?: true };

/**
 * Fastify's logger: the root's lines, redacted by explicit paths. Fastify's child of it for each
 * request binds the request id, so the root's mixin leaves those lines alone.
 */
export function requestLogger(root: PinoLogger): PinoLogger {
  const logger: RequestLinesLogger = root.child(
    {},
    { redact: { paths: REQUEST_REDACTED, censor: CENSOR } },
  );
  logger[REQUEST_LINES] = true;
  return logger;
}

/**
 * The root logger: JSON lines in production, readable lines in development. Every line
 * written while a request is handled carries its request id.
 */
export function createRootLogger(options: {
  level: string;
  pretty: boolean;
  /** Where lines go: standard output unless told otherwise (tests capture them). */
  destination?: DestinationStream;
}): PinoLogger {
  const loggerOptions: LoggerOptions = {
    level: options.level,
    redact: { paths: REDACTED, censor: CENSOR },
    serializers: { url: (url: unknown) => (typeof url === 'string' ? redactUrl(url) : url) },
    mixin(_fields, _level, logger) {
      if ((logger as RequestLinesLogger)[REQUEST_LINES]) return NOTHING;
      const requestId = requestContext.get('requestId');
      return requestId ? { reqId: requestId } : NOTHING;
    },
    // pino's own strategy copies every line's fields into the mixin's object.
    mixinMergeStrategy: (fields, added) =>
      added === NOTHING ? fields : Object.assign(added, fields),
  };
  // Standard output is written asynchronously: lines written while a write is under way go out
  // together with the next one, off the request path. Pino flushes what is left when the process exits.
  if (!options.pretty)
    return pino(loggerOptions, options.destination ?? pino.destination({ dest: 1, sync: false }));
  const pretty = loadPretty();
  return pino(
    loggerOptions,
    pretty({
      destination: options.destination,
      sync: true,
      colorize: process.stdout.isTTY,
      ignore: 'pid,hostname',
      translateTime: 'SYS:HH:MM:ss.l',
    }),
  );
}

/** Nest's Logger on top of pino, so `new Logger(Class.name)` lines share the same output. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly root: PinoLogger) {}

  log(message: unknown, ...params: unknown[]): void {
    this.write('info', message, params);
  }
  error(message: unknown, ...params: unknown[]): void {
    this.write('error', message, params);
  }
  warn(message: unknown, ...params: unknown[]): void {
    this.write('warn', message, params);
  }
  debug(message: unknown, ...params: unknown[]): void {
    this.write('debug', message, params);
  }
  verbose(message: unknown, ...params: unknown[]): void {
    this.write('trace', message, params);
  }
  fatal(message: unknown, ...params: unknown[]): void {
    this.write('fatal', message, params);
  }

  /** Nest passes the context (the class name) last; an error's stack may come before it. */
  private write(level: pino.Level, message: unknown, params: unknown[]): void {
    const context = typeof params.at(-1) === 'string' ? (params.at(-1) as string) : undefined;
    const logger = context ? this.root.child({ context }) : this.root;
    if (message instanceof Error) {
      logger[level]({ err: message }, message.message);
      return;
    }
    if (typeof message === 'object' && message !== null) {
      const { msg, ...fields } = message as Record<string, unknown>;
      const text = typeof params[0] === 'string' && params.length > 1 ? params[0] : msg;
      logger[level](fields, typeof text === 'string' ? text : '');
      return;
    }
    const stack =
      level === 'error' && params.length > 1 && typeof params[0] === 'string'
        ? params[0]
        : undefined;
    logger[level](stack ? { stack } : {}, String(message));
  }
}

/** One line per request, when it completes: API calls at info, static files at debug. */
export class RequestLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const fields = {
      method: request.method,
      url: request.url,
      statusCode: reply.statusCode,
      ms: Math.round(reply.elapsedTime),
    };
    if (error) reply.log.error({ ...fields, err: error }, 'request errored');
    else reply.log[request.url.startsWith('/api/') ? 'info' : 'debug'](fields, 'request completed');
  }
}
