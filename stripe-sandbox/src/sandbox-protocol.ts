/**
 * What every answer of the sandbox's API shares with Stripe's: test keys, a `Request-Id`, the
 * error envelope (unknown routes included), `expand[]`, and idempotency keys (the first answer
 * replayed for 24 hours with `Idempotent-Replayed: true`, other parameters refused), plus the
 * fault switches that stand for the network and Stripe's own failures.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { realNow, type Body } from './sandbox-common.js';
import { ExpandError, type SandboxExpander } from './sandbox-expand.js';
import type { SandboxFaults } from './sandbox-faults.js';
import type { SandboxStore } from './sandbox-store.js';
import { stripeError, stripeErrorBody } from './routes/route-helpers.js';

/** A Request-Id as Stripe's look: `req_` and 14 letters or digits. */
export const newRequestId = () =>
  `req_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x').slice(0, 14)}`;

/** What a request carries between hooks: its idempotency key and whether it is a replay. */
interface Idempotency {
  key: string;
  fingerprint: string;
  replay: boolean;
  /** The Request-Id of the request that first used the key. */
  original: string;
  /** The handler acted: its answer is saved even if expanding it failed. */
  acted?: boolean;
}
const IDEMPOTENCY = Symbol('idempotency');
type WithIdempotency = FastifyRequest & { [IDEMPOTENCY]?: Idempotency };

/** Object keys sorted at every level: the same parameters give the same text in any order. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, canonical((value as Body)[key])]),
  );
}

/** A digest of what makes two requests the same: method, path and parameters. */
function fingerprint(request: FastifyRequest): string {
  return createHash('sha256')
    .update(
      JSON.stringify([
        request.method,
        request.url.split('?')[0],
        canonical(request.body ?? {}),
        canonical(request.query ?? {}),
      ]),
    )
    .digest('base64url');
}

/** The `expand` parameter of the query or the body, if any. */
const expandParameter = (request: FastifyRequest): unknown =>
  (request.query as Body | undefined)?.expand ?? (request.body as Body | undefined)?.expand;

export interface ProtocolParts {
  store: SandboxStore;
  faults: SandboxFaults;
  expander: SandboxExpander;
}

export function registerProtocol(
  api: FastifyInstance,
  { store, faults, expander }: ProtocolParts,
): void {
  /** Keys of requests being answered: a second request with one gets Stripe's 409. */
  const inFlight = new Set<string>();

  api.setNotFoundHandler((request, reply) =>
    stripeError(
      reply,
      404,
      `Unrecognized request URL (${request.method}: ${request.url.split('?')[0]}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
    ),
  );
  // A body Fastify cannot read (its own 4xx) or a failure of ours, in Stripe's envelope.
  api.setErrorHandler((error: { statusCode?: number; message: string }, _request, reply) =>
    error.statusCode && error.statusCode >= 400 && error.statusCode < 500
      ? stripeError(reply, error.statusCode, error.message)
      : stripeError(reply, 500, 'An unknown error occurred', 'api_error'),
  );

  // Every /v1 call needs a test secret key, as Stripe's test mode does.
  api.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/v1/')) return;
    const auth = request.headers.authorization ?? '';
    if (!/^Bearer (sk|rk)_test_\w+$/.test(auth))
      return stripeError(reply, 401, 'Invalid API Key provided.', 'authentication_error');
    const fault = faults.takeFault(request.url, ['error', 'conflict', 'reset']);
    if (fault === 'error') return stripeError(reply, 500, 'An unknown error occurred', 'api_error');
    if (fault === 'conflict') return keyInUse(reply);
    if (fault === 'reset') {
      request.raw.socket.destroy();
      return reply.hijack();
    }
  });

  api.addHook('preHandler', async (request, reply) => {
    const expand = expandParameter(request);
    if (expand !== undefined && !(Array.isArray(expand) && expand.every(isString)))
      return stripeError(reply, 400, 'Invalid array', undefined, { param: 'expand' });
    return idempotency(request as WithIdempotency, reply);
  });

  // The same Idempotency-Key answers the same response for 24 hours, as Stripe does.
  async function idempotency(request: WithIdempotency, reply: FastifyReply) {
    const key = request.headers['idempotency-key'];
    if (request.method !== 'POST' || typeof key !== 'string' || !request.url.startsWith('/v1/'))
      return;
    const print = fingerprint(request);
    const previous = store.idempotent(key);
    if (previous?.fingerprint && previous.fingerprint !== print)
      return stripeError(
        reply,
        400,
        `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
        'idempotency_error',
      );
    if (previous) {
      request[IDEMPOTENCY] = {
        key,
        fingerprint: print,
        replay: true,
        original: previous.requestId ?? request.id,
      };
      reply.header('idempotent-replayed', 'true');
      return reply.status(previous.status).send(previous.body);
    }
    if (inFlight.has(key)) return keyInUse(reply);
    inFlight.add(key);
    request[IDEMPOTENCY] = { key, fingerprint: print, replay: false, original: request.id };
  }

  // A replay answers the body saved, expanded as it was then.
  api.addHook('preSerialization', async (request: WithIdempotency, reply, payload) => {
    const paths = expandParameter(request);
    const idempotent = request[IDEMPOTENCY];
    if (reply.statusCode >= 400 || idempotent?.replay) return payload;
    if (idempotent) idempotent.acted = true;
    if (!Array.isArray(paths) || paths.length === 0) return payload;
    try {
      return expander.expand(payload as Body, paths as string[]);
    } catch (error) {
      if (!(error instanceof ExpandError)) throw error;
      reply.status(400);
      return stripeErrorBody(request.id, 400, error.message);
    }
  });

  api.addHook('onSend', async (request: WithIdempotency, reply, payload) => {
    reply.header('request-id', request.id);
    const idempotent = request[IDEMPOTENCY];
    if (idempotent) {
      reply.header('idempotency-key', idempotent.key);
      reply.header('original-request', idempotent.original);
      if (!idempotent.replay) {
        inFlight.delete(idempotent.key);
        // Like Stripe: what never ran (a refused parameter, a 409, a 429, our own 500) is not saved.
        if (reply.statusCode < 400 || reply.statusCode === 402 || idempotent.acted)
          store.remember(idempotent.key, {
            status: reply.statusCode,
            body: JSON.parse(String(payload)),
            fingerprint: idempotent.fingerprint,
            requestId: request.id,
            created: realNow(),
          });
      }
    }
    if (!request.url.startsWith('/v1/')) return payload;
    const fault = faults.takeFault(request.url, ['lost', 'reset-after']);
    if (fault === 'lost') {
      reply.status(500);
      return JSON.stringify(stripeErrorBody(request.id, 500, 'The answer was lost', 'api_error'));
    }
    if (fault === 'reset-after') request.raw.socket.destroy();
    return payload;
  });
}

const isString = (value: unknown): value is string => typeof value === 'string';

const keyInUse = (reply: FastifyReply) =>
  stripeError(
    reply,
    409,
    'There is currently another in-progress request using this Stripe-Idempotency-Key (that probably means you submitted twice, and the other request is still going through): try again later.',
    'invalid_request_error',
    { code: 'idempotency_key_in_use' },
  );
