import { Param, ParseUUIDPipe } from '@nestjs/common';
import { AppException } from './app.exception.js';

/** A feature's 404 for a record that does not exist ("User not found."). */
export const notFound = (message: string) => new AppException('not_found', 404, message);

/**
 * The `:id` path parameter as a uuid; anything else is answered with the feature's 404 without
 * a query, as an unknown id is.
 */
export function IdParam(message: string, name = 'id'): ParameterDecorator {
  return Param(name, new ParseUUIDPipe({ exceptionFactory: () => notFound(message) }));
}
