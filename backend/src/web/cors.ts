import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * CORS for the configured origins, answered as @fastify/cors answers them for `{ origin, methods }`
 * (what `app.enableCors` registered): `Vary: Origin` on every answer, the origin echoed back when
 * it is allowed (`*` allows every origin and echoes `*`), and a preflight (OPTIONS) answered at
 * once, 204 with the methods and the requested headers, or 400 without an origin or a method.
 * Through Nest the headers were also set on Node's response, which sent every other header of
 * the answer through Node's slow path; here they are the reply's, computed once where they can be.
 * Answers true when it answered the request itself (a preflight).
 */
export function corsHandler(
  origins: readonly string[],
  methods: readonly string[],
): (request: FastifyRequest, reply: FastifyReply) => boolean {
  const anyOrigin = origins.includes('*');
  const allowed = new Set(origins);
  const allowMethods = methods.join(', ');
  const preflightVary = anyOrigin
    ? 'Access-Control-Request-Headers'
    : 'Origin, Access-Control-Request-Headers';
  return (request, reply) => {
    const { origin } = request.headers;
    if (anyOrigin) void reply.header('access-control-allow-origin', '*');
    else {
      void reply.header('vary', 'Origin');
      if (origin !== undefined && allowed.has(origin))
        void reply.header('access-control-allow-origin', origin);
    }
    if (request.method !== 'OPTIONS') return false;
    if (!origin || !request.headers['access-control-request-method']) {
      void reply.status(400).type('text/plain').send('Invalid Preflight Request');
      return true;
    }
    void reply.header('access-control-allow-methods', allowMethods).header('vary', preflightVary);
    const requested = request.headers['access-control-request-headers'];
    if (requested !== undefined) void reply.header('access-control-allow-headers', requested);
    void reply.status(204).header('content-length', '0').send();
    return true;
  };
}
