import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import type { AppConfig } from '../config/app-config.js';
import { documentResponses } from './error-responses.js';
import { operationHandlers } from './operation-handlers.js';
import { applyValidationRules } from './validation-rules.js';

/**
 * The OpenAPI document of every route, completed from what the code already says: the DTOs'
 * validation rules, each route's success status, and the errors it can answer. A route added
 * later is described the same way without a line of documentation of its own.
 */
export function createApiDocument(app: INestApplication, config: AppConfig): OpenAPIObject {
  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle(`${config.appName} API`)
      .setDescription(
        'Errors have one shape, the ErrorBody schema: { statusCode, code, message } (plus errors ' +
          'by field on validation failures); each operation lists the statuses and codes it can ' +
          'answer. A method an address does not take answers 405 method_not_allowed, with the ' +
          'methods it takes in Allow.',
      )
      .setVersion(config.version)
      .addBearerAuth()
      .build(),
  );
  const handlers = operationHandlers(app);
  applyValidationRules(document, handlers);
  documentResponses(document, handlers);
  return document;
}
