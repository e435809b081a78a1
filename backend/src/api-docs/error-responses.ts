import type { OpenAPIObject, OperationObject, ResponseObject, SchemaObject } from '@nestjs/swagger';
import type { AppException } from '../common/app.exception.js';
import type { Class, OperationHandlers } from './operation-handlers.js';

/** An error a route can answer: a catalogue's factory, an exception, or its status and code. */
export type DeclaredError =
  ((...args: never[]) => AppException) | AppException | { status: number; code: string };

interface ErrorAnswer {
  status: number;
  code: string;
}

const API_ERRORS = 'api:errors';

function answerOf(error: DeclaredError): ErrorAnswer {
  if (typeof error === 'function') return answerOf((error as () => AppException)());
  if ('getStatus' in error) return { status: error.getStatus(), code: error.code };
  return error;
}

/**
 * Declares the errors a route (or every route of a controller) answers beyond those every
 * route of its kind answers (see `documentResponses`): `@ApiErrors(billingErrors.noSubscription)`.
 * Catalogue factories are called without arguments, for their status and code only.
 */
export function ApiErrors(...errors: DeclaredError[]): MethodDecorator & ClassDecorator {
  return (target: object, _key?: string | symbol, descriptor?: PropertyDescriptor) => {
    const holder = (descriptor?.value ?? target) as object;
    const declared = (Reflect.getMetadata(API_ERRORS, holder) ?? []) as ErrorAnswer[];
    Reflect.defineMetadata(API_ERRORS, [...declared, ...errors.map(answerOf)], holder);
  };
}

/** The errors declared on a handler and on its controller. */
export function declaredErrors(controller: Class, method: string): ErrorAnswer[] {
  const handler = (controller.prototype as Record<string, object>)[method];
  return [
    ...((Reflect.getMetadata(API_ERRORS, controller) ?? []) as ErrorAnswer[]),
    ...((Reflect.getMetadata(API_ERRORS, handler) ?? []) as ErrorAnswer[]),
  ];
}

export const ERROR_SCHEMA_NAME = 'ErrorBody';

/** The one shape of every error answer (src/common/app.exception.ts). */
const ERROR_SCHEMA: SchemaObject = {
  type: 'object',
  required: ['statusCode', 'code', 'message'],
  additionalProperties: false,
  properties: {
    statusCode: { type: 'integer', minimum: 400, maximum: 599 },
    code: { type: 'string', description: 'Stable, snake_case: what went wrong' },
    message: { type: 'string', description: 'For people: what went wrong and what to do' },
    errors: {
      type: 'object',
      description: 'On validation_failed: a message for each field, by its path',
      additionalProperties: { type: 'string' },
    },
  },
};

const STATUS_TEXT: Record<number, string> = {
  400: 'The request is not valid',
  401: 'Not signed in, or the session has ended',
  402: 'The payment was declined',
  403: 'Not allowed',
  404: 'Not found',
  409: 'Conflicts with the current state',
  413: 'The request body is too large (over 100 KB)',
  415: 'The request body is not JSON',
  422: 'Cannot be processed',
  429: 'Too many requests: try again after Retry-After seconds',
  502: 'A provider (Stripe, SendGrid) failed or did not answer',
  503: 'The database is unavailable: try again after Retry-After seconds',
};

const RETRY_AFTER = {
  'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer' } },
};

const WRITES = new Set(['post', 'put', 'patch', 'delete']);

/** The errors every route of a kind can answer, whatever its controller does. */
function commonErrors(path: string, method: string, operation: OperationObject): ErrorAnswer[] {
  const errors: ErrorAnswer[] = [
    // Any request can be malformed: a NUL character, JSON that does not parse or nests too deep.
    { status: 400, code: 'validation_failed' },
    { status: 400, code: 'bad_request' },
    { status: 503, code: 'service_unavailable' },
  ];
  if ((operation.security ?? []).length > 0) {
    errors.push({ status: 401, code: 'unauthorized' });
    if (path.startsWith('/api/admin/'))
      errors.push(
        { status: 403, code: 'forbidden' },
        { status: 403, code: 'mfa_enrollment_required' },
      );
  }
  if (path.includes('{')) errors.push({ status: 404, code: 'not_found' });
  if (operation.requestBody || WRITES.has(method))
    errors.push(
      { status: 413, code: 'payload_too_large' },
      { status: 415, code: 'unsupported_media_type' },
    );
  if (operation['x-admin-write' as keyof OperationObject] && path.startsWith('/api/admin/users/{'))
    errors.push({ status: 409, code: 'user_deleted' });
  return errors;
}

/**
 * Completes every operation's answers: its success status (Nest's default, or @HttpCode) when
 * an error declaration left it out, and each error status it can give, with the error shape and
 * the codes in its description. The codes come from the route's kind (signed in, back office,
 * with an id, with a body…) and from its `@ApiErrors` declarations.
 */
export function documentResponses(document: OpenAPIObject, handlers: OperationHandlers): void {
  const components = (document.components ??= {});
  (components.schemas ??= {})[ERROR_SCHEMA_NAME] = ERROR_SCHEMA;
  const errorContent = {
    'application/json': { schema: { $ref: `#/components/schemas/${ERROR_SCHEMA_NAME}` } },
  };
  for (const [path, item] of Object.entries(document.paths))
    for (const [method, value] of Object.entries(item)) {
      const operation = value as OperationObject;
      if (!operation?.responses) continue;
      const handler = operation.operationId ? handlers.get(operation.operationId) : undefined;
      const responses = operation.responses as Record<string, ResponseObject>;
      if (!Object.keys(responses).some((status) => status.startsWith('2'))) {
        const status = handler?.httpCode ?? (method === 'post' ? 201 : 200);
        responses[String(status)] = { description: status === 204 ? 'Done' : 'Success' };
      }
      const errors = [
        ...commonErrors(path, method, operation),
        ...(handler ? declaredErrors(handler.controller, handler.method) : []),
      ];
      const codes = new Map<number, Set<string>>();
      // Errors a controller documented itself keep their description, and their body if they
      // describe one (a health report); otherwise they get the error shape.
      for (const status of Object.keys(responses).filter((each) => Number(each) >= 400))
        responses[status] = { content: errorContent, ...responses[status] };
      for (const { status, code } of errors)
        codes.set(status, (codes.get(status) ?? new Set()).add(code));
      for (const [status, names] of [...codes].sort(([a], [b]) => a - b)) {
        const existing = responses[String(status)];
        const summary = existing?.description || STATUS_TEXT[status] || `Error ${status}`;
        responses[String(status)] = {
          content: errorContent,
          ...existing,
          description: `${summary} (code: ${[...names].join(', ')})`,
          ...(status === 429 || status === 503 ? { headers: RETRY_AFTER } : {}),
        };
      }
    }
}

/** A route behind a per-address or per-account rate limit. */
export const RATE_LIMITED: DeclaredError = { status: 429, code: 'too_many_requests' };
