import { isDeepStrictEqual } from 'node:util';
import type { Type } from '@nestjs/common';
import { getMetadataStorage } from 'class-validator';
import { AppException } from './app.exception.js';
import { BODY_NOT_OBJECT, createValidationPipe } from './validation.js';

const readOnly = (field: string) =>
  new AppException('validation_failed', 400, `${field} cannot be changed.`, {
    [field]: `${field} cannot be changed.`,
  });

/** The fields a DTO declares: those an edit may change. */
function writableFields(dto: Type<object>): Set<string> {
  return new Set(
    getMetadataStorage()
      .getTargetValidationMetadatas(dto, '', true, false)
      .map((metadata) => metadata.propertyName),
  );
}

/**
 * The changes in an edit of `record`, validated by `dto`. An Edit form (react-admin through
 * ra-data-simple-rest) sends the whole record as GET answered it, with the user's changes: a field
 * equal to the record's is no change and is left out, whatever it is (so `id`, `created_at` and
 * the other read-only fields pass, and a stored value today's rules would refuse does not block an
 * edit of another field). A read-only field with another value is refused; the rest goes through
 * the DTO as any body does, so an unknown field is still refused.
 */
export async function editOf<T extends object>(
  dto: Type<T>,
  body: unknown,
  load: () => Promise<object>,
): Promise<T> {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new AppException('validation_failed', 400, BODY_NOT_OBJECT);
  const writable = writableFields(dto);
  const record = await load().catch(async (error: unknown) => {
    if (!(error instanceof AppException) || error.getStatus() !== 404) throw error;
    // No record to compare with: a body that is bad on its own says so before the 404 does.
    await validate(
      dto,
      Object.fromEntries(Object.entries(body).filter(([field]) => writable.has(field))),
    );
    throw error;
  });
  const stored = JSON.parse(JSON.stringify(record)) as Record<string, unknown>;
  const changes = Object.entries(body).filter(([field, value]) => {
    if (!Object.hasOwn(stored, field)) return true;
    if (isDeepStrictEqual(stored[field], value)) return false;
    if (!writable.has(field)) throw readOnly(field);
    return true;
  });
  return validate(dto, Object.fromEntries(changes));
}

async function validate<T extends object>(dto: Type<T>, fields: object): Promise<T> {
  return (await createValidationPipe().transform(fields, { type: 'body', metatype: dto })) as T;
}
