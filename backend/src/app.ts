import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import multipart from '@fastify/multipart';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import type { Logger as PinoLogger } from 'pino';
import { assertAdminWritesDeclared } from './admin/admin-write-check.js';
import { AppModule } from './app.module.js';
import { MetricsService } from './metrics/metrics.service.js';
import { MAX_BODY_DEPTH, nestsDeeperThan } from './common/body-depth.js';
import { AllExceptionsFilter } from './common/all-exceptions.filter.js';
import { nulRefusal } from './common/nul-bytes.js';
import { registerRequestContext } from './common/request-context.js';
import { createValidationPipe } from './common/validation.js';
import type { AppConfig } from './config/app-config.js';
import { PinoNestLogger, RequestLogController, requestLogger } from './logging/logger.js';
import { corsHandler } from './web/cors.js';
import { answerDirectly } from './web/direct-routes.js';
import { securityHeaders } from './web/security-headers.js';
import { serveFrontEnds, FRONT_ENDS } from './web/front-ends.js';

export const BODY_LIMIT_BYTES = 100 * 1024;
export const MULTIPART_LIMITS = {
  fileSize: 100 * 1024 * 1024,
  files: 1,
  fields: 4,
  fieldSize: 64 * 1024,
  parts: 6,
};
const REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;

export interface CreateAppOptions {
  config: AppConfig;
  databaseUrl: string;
  logger: PinoLogger;
  /** Defaults to the built site and admin; tests pass their own or none. */
  frontEnds?: typeof FRONT_ENDS;
}

/** Builds the whole application, ready to listen: used by main.ts and by the integration tests. */
export async function createApp({
  config,
  databaseUrl,
  logger,
  frontEnds,
}: CreateAppOptions): Promise<NestFastifyApplication> {
  const adapter = new FastifyAdapter({
    loggerInstance: requestLogger(logger),
    logController: new RequestLogController(),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    // A caller's own request id is kept when it is sane, so logs can be followed across services.
    genReqId: (request: IncomingMessage) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    forceCloseConnections: 'idle',
  });
  const app = await NestFactory.create<NestFastifyApplication>(
    AppModule.forRoot(config, databaseUrl),
    adapter,
    {
      logger: new PinoNestLogger(logger),
      // Stripe signs the exact bytes it sent; the webhook endpoint verifies them.
      rawBody: true,
      bufferLogs: false,
    },
  );

  const fastify = app.getHttpAdapter().getInstance();
  registerRequestContext(fastify);
  // Uploads (lead imports) stream to disk as they arrive: one file, LEADS.md's size limit.
  await app.register(multipart as never, { limits: MULTIPART_LIMITS });
  // Hooks on every request take a callback rather than returning a promise: on the hottest
  // routes each promise and its microtask showed in the profile (bench/RESULTS.md).
  // Validators walk bodies recursively: a deeply nested document is refused before they see it.
  // Then NUL characters, which PostgreSQL refuses in text, wherever the request carries them.
  fastify.addHook('preValidation', (request, reply, done) => {
    if (nestsDeeperThan(request.body, MAX_BODY_DEPTH)) {
      void reply.status(400).send({
        statusCode: 400,
        code: 'bad_request',
        message: `The request body is nested too deeply (the limit is ${MAX_BODY_DEPTH} levels).`,
      });
      return;
    }
    const refusal = nulRefusal(request);
    if (refusal) void reply.status(refusal.statusCode).send(refusal);
    else done();
  });
  const metrics = app.get(MetricsService);
  fastify.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    if (route.startsWith('/api'))
      metrics.observe(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });

  const cors = corsHandler(config.corsOrigins, ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE']);
  const headers = securityHeaders(config);
  fastify.addHook('onRequest', (request, reply, done) => {
    // A preflight is answered with its CORS headers alone.
    if (cors(request, reply)) return;
    void reply.header('x-request-id', request.id).headers(headers);
    done();
  });

  app.setGlobalPrefix('api');
  app.useGlobalPipes(createValidationPipe());
  const fallback = await serveFrontEnds(app, frontEnds);
  const filter = new AllExceptionsFilter(fallback);
  app.useGlobalFilters(filter);
  answerDirectly(app, fastify, (request, reply, error) => filter.send(request, reply, error));

  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle(`${config.appName} API`)
      .setDescription(
        'Errors have one shape: { statusCode, code, message } (plus errors by field on validation failures).',
      )
      .setVersion(config.version)
      .addBearerAuth()
      .build(),
  );
  assertAdminWritesDeclared(document);
  SwaggerModule.setup('api/docs', app, document, { jsonDocumentUrl: 'api/docs/openapi.json' });

  return app;
}
