import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';
import type { AdminWriteAction } from '@leadpulse/common';
import type { EntityManager } from 'typeorm';

/** The e-mail telling an account's holder of a write on it, sent once, with its audit row. */
export interface AccountNotice {
  userId: string;
  send(manager: EntityManager): Promise<void>;
  sent?: boolean;
}

/**
 * Sends the write's notice in the transaction of the audit row naming its account (called by
 * whatever records a back-office write's row).
 */
export async function sendAccountNotice(
  manager: EntityManager,
  targetUserId: string | null | undefined,
): Promise<void> {
  const notice = requestContext.get('adminWrite')?.notice;
  if (!notice || notice.sent || !targetUserId || notice.userId !== targetUserId) return;
  notice.sent = true;
  await notice.send(manager);
}

/** What the handling of one request carries along, into whatever it calls. */
export interface RequestContextData {
  requestId: string;
  /**
   * The back-office write being handled, how many audit rows it has recorded, and the notice its
   * audit row about an administrator's account sends that account's holder.
   */
  adminWrite?: { action: AdminWriteAction; audited: number; notice?: AccountNotice };
}

const storage = new AsyncLocalStorage<RequestContextData>();

/**
 * Contexts in use. While AsyncLocalStorage is enabled, every promise, tick and timer of the
 * process runs a hook (a tenth of the database probe's time), so it is enabled only while a
 * request with a context is handled, until its answer is sent: work that a handler would leave
 * running after its answer has no context once no other such request is handled.
 */
let open = 0;

function leave(): void {
  open -= 1;
  if (open === 0) storage.disable();
}

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

/** Runs synchronous `work` in a request's context (`run` enables the storage again). */
export function runInRequestContext<T>(context: RequestContextData, work: () => T): T {
  open += 1;
  try {
    return storage.run(context, work);
  } finally {
    leave();
  }
}

const CONTEXT = Symbol('request context');

declare module 'fastify' {
  interface FastifyRequest {
    [CONTEXT]: RequestContextData | null;
  }
  interface FastifyContextConfig {
    /** False for a route whose handler writes no line and no audit row of its own. */
    requestContext?: false;
  }
}

/**
 * Gives each request its context from its first hook on, unless its route declares it needs
 * none. A body arrives in events of its own, outside that context, so the context is entered
 * again before validation: guards, handlers and what they call have it too. Neither step creates
 * an async resource (@fastify/request-context made one per request and entered it twice).
 */
export function registerRequestContext(fastify: FastifyInstance): void {
  fastify.decorateRequest(CONTEXT, null);
  fastify.addHook('onRequest', (request, _reply, done) => {
    if (request.routeOptions.config.requestContext === false) {
      done();
      return;
    }
    const context = { requestId: request.id };
    request[CONTEXT] = context;
    open += 1;
    storage.run(context, done);
  });
  fastify.addHook('preValidation', (request, _reply, done) => {
    const context = request[CONTEXT];
    if (context) storage.run(context, done);
    else done();
  });
  // Once the answer is sent: the handler, and what it awaited, is done.
  fastify.addHook('onResponse', (request, _reply, done) => {
    if (request[CONTEXT]) leave();
    done();
  });
}
