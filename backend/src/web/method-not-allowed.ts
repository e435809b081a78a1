import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorBody } from '@leadpulse/common';

interface KnownPath {
  pattern: RegExp;
  methods: Set<string>;
}

/** A route's URL (`/api/users/:id`, `/api/docs/*`) as a pattern of the paths it answers. */
function patternOf(url: string): RegExp {
  const segments = url.split('/').map((segment) => {
    if (segment === '*') return '.*';
    if (segment.startsWith(':')) return '[^/]+';
    return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  });
  return new RegExp(`^${segments.join('/')}$`);
}

/**
 * Learns the API's routes as they are declared (call before the app initialises) and returns the
 * answer to a request no route took: when its path is an API route's under another method,
 * `405 method_not_allowed` with the methods it does take in `Allow`. Other paths stay unknown.
 */
export function methodNotAllowed(
  fastify: FastifyInstance,
): (request: FastifyRequest, reply: FastifyReply) => boolean {
  const known = new Map<string, KnownPath>();
  fastify.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') && route.url !== '/api') return;
    const entry = known.get(route.url) ?? { pattern: patternOf(route.url), methods: new Set() };
    for (const method of [route.method].flat()) entry.methods.add(String(method).toUpperCase());
    known.set(route.url, entry);
  });
  return (request, reply) => {
    // A route that matched and answered 404 itself (an unknown id) is not this case.
    if (request.routeOptions.url !== undefined) return false;
    const path = request.url.split('?')[0];
    if (!path.startsWith('/api/')) return false;
    const allowed = new Set<string>();
    for (const { pattern, methods } of known.values())
      if (pattern.test(path)) for (const method of methods) allowed.add(method);
    if (allowed.size === 0 || allowed.has(request.method)) return false;
    const allow = [...allowed].sort().join(', ');
    const body: ErrorBody = {
      statusCode: 405,
      code: 'method_not_allowed',
      message: `This address does not take ${request.method}; it takes ${allow}.`,
    };
    void reply.status(405).header('allow', allow).send(body);
    return true;
  };
}
