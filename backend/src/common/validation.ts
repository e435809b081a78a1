import { ValidationPipe, type ValidationError } from '@nestjs/common';
import { AppException } from './app.exception.js';

/** Flattens nested validation errors to `{ "billing_address.city": "message" }`. */
export function validationErrorsByField(
  errors: ValidationError[],
  parent = '',
): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const error of errors) {
    const path = parent ? `${parent}.${error.property}` : error.property;
    const messages = Object.values(error.constraints ?? {});
    if (messages.length > 0) fields[path] = messages[0];
    Object.assign(fields, validationErrorsByField(error.children ?? [], path));
  }
  return fields;
}

/** Rejects unknown fields and answers `validation_failed` with the first message and every field's. */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    stopAtFirstError: true,
    exceptionFactory: (errors) => {
      const fields = validationErrorsByField(errors);
      const first = Object.values(fields)[0] ?? 'The request is not valid.';
      return new AppException('validation_failed', 400, first, fields);
    },
  });
}
