import { ValidationPipe, type ArgumentMetadata, type ValidationError } from '@nestjs/common';
import { Matches, ValidateIf } from 'class-validator';
import { MESSAGES, NAME_MAX_LENGTH } from '@leadpulse/common';
import { AppException } from './app.exception.js';

const ONE_LINE = /^[^\p{Cc}\u2028\u2029]*$/u;

/**
 * A name stays on one line of plain text: no control characters (line breaks, tabs, NUL, DEL…)
 * nor Unicode line or paragraph separators, which would let it pass for something else in an
 * e-mail greeting or an export. Put it above @IsString, which is checked first.
 */
/**
 * A field an update may leave out but not set to null (class-validator's IsOptional lets null
 * through, which a NOT NULL column then refuses with a 500).
 */
export function Omittable(): PropertyDecorator {
  return ValidateIf((_object, value) => value !== undefined);
}

export function OneLineName(): PropertyDecorator {
  return Matches(ONE_LINE, { message: MESSAGES.validation.nameCharacters });
}

/** A name that fits its column (counted as PostgreSQL counts characters) on one line. */
export function isFittingName(name: string, max = NAME_MAX_LENGTH): boolean {
  return [...name].length <= max && ONE_LINE.test(name);
}

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

export const BODY_NOT_OBJECT = 'The request body must be a JSON object.';

/**
 * Nest's pipe validates a null body as `{}` (and so would let `null` stand for "change
 * nothing"): a body that a DTO describes must be a JSON object, or it is refused.
 */
class DtoValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (
      metadata.type === 'body' &&
      value !== undefined &&
      (value === null || typeof value !== 'object' || Array.isArray(value)) &&
      this.toValidate(metadata)
    )
      throw new AppException('validation_failed', 400, BODY_NOT_OBJECT);
    return super.transform(value, metadata);
  }
}

/** Rejects unknown fields and answers `validation_failed` with the first message and every field's. */
export function createValidationPipe(): ValidationPipe {
  return new DtoValidationPipe({
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
