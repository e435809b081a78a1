import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';
import type { AdminWriteAction } from '@leadpulse/common';

/** What the handling of one request carries along, into whatever it calls. */
export interface RequestContextData {
  requestId: string;
  /** The back-office write being handled, and how many audit rows it has recorded. */
  adminWrite?: { action: AdminWriteAction; audited: number };
}

const storage = new AsyncLocalStorage<RequestContextData>();

/** The context of the request being handled, if any. */
export const requestContext = {
  get<K extends keyof RequestContextData>(key: K): RequestContextData[K] | undefined {
    return storage.getStore()?.[key];
  },
  set<K extends keyof RequestContextData>(key: K, value: RequestContextData[K]): void {
    const store = storage.getStore();
    if (store) store[key] = value;
  },
};

/** Runs `work` in a request's context. */
export function runInRequestContext<T>(context: RequestContextData, work: () => T): T {
  return storage.run(context, work);
}

const CONTEXT = Symbol('request context');

declare module 'fastify' {
  interface FastifyRequest {
    [CONTEXT]: RequestContextData | null;
  }
}

/**
 * Gives each request its context from its first hook on. A body arrives in events of its own,
 * outside that context, so the context is entered again before validation: guards, handlers and
 * what they call have it too. Neither step creates an async resource (@fastify/request-context
 * made one per request and entered it twice, which showed on the simplest routes).
 */
export function registerRequestContext(fastify: FastifyInstance): void {
  fastify.decorateRequest(CONTEXT, null);
  fastify.addHook('onRequest', (request, _reply, done) => {
    const context = { requestId: request.id };
    request[CONTEXT] = context;
    storage.run(context, done);
  });
  fastify.addHook('preValidation', (request, _reply, done) => {
    storage.run(request[CONTEXT]!, done);
  });
}
