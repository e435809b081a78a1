import type { OpenAPIObject } from '@nestjs/swagger';
import { AppException } from '../common/app.exception.js';
import { ApiErrors, documentResponses, RATE_LIMITED } from './error-responses.js';
import type { OperationHandlers } from './operation-handlers.js';

const catalogue = {
  taken: () => new AppException('email_taken', 409, 'This email is already in use.'),
  declined: (reason: string) => new AppException('payment_declined', 402, reason),
};

@ApiErrors({ status: 404, code: 'profile_not_found' })
class SampleController {
  @ApiErrors(catalogue.taken, catalogue.declined, RATE_LIMITED)
  create(): void {}

  read(): void {}
}

const handlers: OperationHandlers = new Map([
  ['Sample_create', { controller: SampleController, method: 'create' }],
  ['Sample_read', { controller: SampleController, method: 'read', httpCode: 204 }],
]);

function documented(): OpenAPIObject {
  const document = {
    openapi: '3.0.0',
    info: { title: 'x', version: '1' },
    paths: {
      '/api/admin/things/{id}': {
        post: {
          operationId: 'Sample_create',
          security: [{ bearer: [] }],
          requestBody: { content: { 'application/json': { schema: {} } } },
          // What an error declaration leaves: the success status is gone.
          responses: { 403: { description: 'Needs the manage_users permission' } },
        },
        get: { operationId: 'Sample_read', responses: {} },
      },
    },
  } as unknown as OpenAPIObject;
  documentResponses(document, handlers);
  return document;
}

describe('documentResponses', () => {
  const document = documented();
  const post = document.paths['/api/admin/things/{id}'].post!.responses as Record<
    string,
    { description: string; content?: object; headers?: object }
  >;
  const get = document.paths['/api/admin/things/{id}'].get!.responses;

  it("lists the route kind's errors, its declared ones and its controller's", () => {
    expect(Object.keys(post).sort()).toEqual(
      ['201', '400', '401', '402', '403', '404', '409', '413', '415', '429', '503'].sort(),
    );
    expect(post['409'].description).toContain('email_taken');
    expect(post['404'].description).toContain('not_found, profile_not_found');
    expect(post['403'].description).toBe(
      'Needs the manage_users permission (code: forbidden, mfa_enrollment_required)',
    );
    expect(post['429'].headers).toHaveProperty('Retry-After');
  });

  it('gives every error the ErrorBody shape', () => {
    for (const status of ['400', '402', '403', '503'])
      expect(post[status].content).toEqual({
        'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } },
      });
    expect(document.components?.schemas?.ErrorBody).toMatchObject({
      required: ['statusCode', 'code', 'message'],
    });
  });

  it('puts back the success status: @HttpCode, else 201 for POST and 200 for the rest', () => {
    expect(Object.keys(get)).toEqual(expect.arrayContaining(['204', '400', '404', '503']));
    expect(Object.keys(get)).not.toContain('401');
  });
});
