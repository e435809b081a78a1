import { HttpException } from '@nestjs/common';
import type { ErrorBody } from '@leadpulse/common';

/**
 * The one exception a module throws for an expected failure: a stable snake_case `code`
 * and the user-facing message. The global filter renders it as `{ statusCode, code, message }`.
 */
export class AppException extends HttpException {
  constructor(
    readonly code: string,
    status: number,
    message: string,
    readonly errors?: Record<string, string>,
    /** Response headers that go with the error, such as Retry-After. */
    readonly headers?: Record<string, string>,
  ) {
    super(
      { statusCode: status, code, message, ...(errors ? { errors } : {}) } satisfies ErrorBody,
      status,
    );
  }
}
