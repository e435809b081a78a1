/** Test clocks: create, retrieve, list, delete and advance (see sandbox-clocks.ts). */
import type { FastifyInstance } from 'fastify';
import { SANDBOX_CLOCK_ID } from '../sandbox-catalogue.js';
import type { Body } from '../sandbox-common.js';
import { listPage, noSuch, param, stripeError, type SandboxParts } from './route-helpers.js';

export function registerTestClockRoutes(api: FastifyInstance, { clocks }: SandboxParts): void {
  api.post('/v1/test_helpers/test_clocks', async (request, reply) => {
    const body = (request.body ?? {}) as Body;
    if (body.frozen_time === undefined)
      return stripeError(reply, 400, 'Missing required param: frozen_time.', undefined, {
        code: 'parameter_missing',
        param: 'frozen_time',
      });
    const frozenTime = Number(body.frozen_time);
    if (!Number.isInteger(frozenTime) || frozenTime <= 0)
      return stripeError(reply, 400, 'Invalid integer: frozen_time', undefined, {
        code: 'parameter_invalid_integer',
        param: 'frozen_time',
      });
    return clocks.create(frozenTime, typeof body.name === 'string' ? body.name : null);
  });

  api.get('/v1/test_helpers/test_clocks/:id', async (request, reply) => {
    return clocks.get(param(request)) ?? noSuch(reply, 'test_helpers.test_clock', param(request));
  });

  api.get('/v1/test_helpers/test_clocks', async (request, reply) =>
    listPage(clocks.store, request, reply, 'test_helpers.test_clock', (clock) => !clock.deleted),
  );

  api.delete('/v1/test_helpers/test_clocks/:id', async (request, reply) => {
    const clock = clocks.get(param(request));
    if (!clock) return noSuch(reply, 'test_helpers.test_clock', param(request));
    if (clock.id === SANDBOX_CLOCK_ID)
      return stripeError(reply, 400, 'The sandbox’s own clock cannot be deleted.');
    return clocks.delete(clock);
  });

  api.post('/v1/test_helpers/test_clocks/:id/advance', async (request, reply) => {
    const clock = clocks.get(param(request));
    if (!clock) return noSuch(reply, 'test_helpers.test_clock', param(request));
    const frozenTime = Number(((request.body ?? {}) as Body).frozen_time);
    const refused = clocks.refusal(clock, frozenTime);
    if (refused)
      return stripeError(reply, 400, refused, 'invalid_request_error', { param: 'frozen_time' });
    return clocks.advance(clock, frozenTime);
  });
}
