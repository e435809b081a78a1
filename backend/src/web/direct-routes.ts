import type { INestApplication } from '@nestjs/common';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AccessTokens } from '../auth/access-tokens.js';
import { runInRequestContext } from '../common/request-context.js';
import { sendHealth } from '../health/health.controller.js';
import { HealthService } from '../health/health.service.js';
import { UsersService } from '../users/users.service.js';

type DirectHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
type ErrorReply = (request: FastifyRequest, reply: FastifyReply, error: unknown) => void;

/**
 * The hottest routes, answered by Fastify directly instead of through Nest's per-request pipeline
 * (router proxy, guards, pipes, interceptors, filters), which cost about half of their time
 * (bench/RESULTS.md). Each stays declared on its Nest controller, which the API document reads,
 * and does the same work through the same services; every Fastify hook still runs (request id,
 * security headers, CORS, the refusal of NUL characters, metrics, the request log), and an error
 * gets the exception filter's answer. Their handlers write no line of their own, so they run
 * without a request context; the exception filter's lines get one.
 */
function directHandlers(app: INestApplication): Record<string, DirectHandler> {
  const health = app.get(HealthService);
  const tokens = app.get(AccessTokens);
  const users = app.get(UsersService);
  return {
    // HealthController.database
    'GET /api/health/database': (_request, reply) =>
      health.database().then((report) => sendHealth(reply, report)),
    // MeController.me, behind JwtAuthGuard
    'GET /api/me': async (request, reply) => {
      const member = await users.me((await tokens.authenticate(request)).accountId);
      void reply.header('cache-control', 'no-store');
      return member;
    },
  };
}

/** Swaps in the direct handlers as Nest declares those routes (call before the app initialises). */
export function answerDirectly(
  app: INestApplication,
  fastify: FastifyInstance,
  replyWithError: ErrorReply,
): void {
  const handlers = directHandlers(app);
  fastify.addHook('onRoute', (route) => {
    const direct = handlers[`${String(route.method)} ${route.url}`];
    if (!direct) return;
    route.config = { ...route.config, requestContext: false };
    route.handler = (request, reply) =>
      direct(request, reply).catch((error: unknown) => {
        runInRequestContext({ requestId: request.id }, () => replyWithError(request, reply, error));
        return reply;
      });
  });
}
