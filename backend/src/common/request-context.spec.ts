import Fastify from 'fastify';
import { registerRequestContext, requestContext, runInRequestContext } from './request-context.js';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** An app whose routes answer the request id their context holds after some awaiting. */
async function app() {
  let id = 0;
  const fastify = Fastify({ genReqId: () => `req-${++id}` });
  registerRequestContext(fastify);
  const seen = async (ms: number) => {
    await pause(ms);
    return { seen: requestContext.get('requestId') ?? null };
  };
  fastify.get<{ Querystring: { ms?: string } }>('/context', (request) =>
    seen(Number(request.query.ms ?? 0)),
  );
  fastify.post('/context', () => seen(5));
  fastify.get('/none', { config: { requestContext: false } }, () => seen(0));
  await fastify.ready();
  return fastify;
}

describe('the request context', () => {
  it('follows a request through what its handler awaits, and ends with it', async () => {
    const fastify = await app();
    expect((await fastify.inject('/context?ms=5')).json()).toEqual({ seen: 'req-1' });
    expect(requestContext.get('requestId')).toBeUndefined();
    await fastify.close();
  });

  it('stays with a slow request while a quicker one comes and goes', async () => {
    const fastify = await app();
    const slow = fastify.inject('/context?ms=40');
    await pause(5);
    expect((await fastify.inject('/context')).json()).toEqual({ seen: 'req-2' });
    expect((await slow).json()).toEqual({ seen: 'req-1' });
    await fastify.close();
  });

  it('reaches a handler whose body came after the request', async () => {
    const fastify = await app();
    const answer = await fastify.inject({ method: 'POST', url: '/context', payload: { a: 1 } });
    expect(answer.json()).toEqual({ seen: 'req-1' });
    await fastify.close();
  });

  it('is absent from a route that declares it needs none, and from work outside requests', async () => {
    const fastify = await app();
    const slow = fastify.inject('/context?ms=20');
    await pause(5);
    expect((await fastify.inject('/none')).json()).toEqual({ seen: null });
    expect((await slow).json()).toEqual({ seen: 'req-1' });
    expect(runInRequestContext({ requestId: 'mine' }, () => requestContext.get('requestId'))).toBe(
      'mine',
    );
    expect(requestContext.get('requestId')).toBeUndefined();
    await fastify.close();
  });
});
