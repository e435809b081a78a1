import type { Server } from 'node:http';
import { Server as NetServer, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * Stops the HTTP side first when the process is asked to stop, so that no request is lost:
 * new connections are refused at once (a load balancer sends them to another instance), a
 * request arriving on a connection kept open is answered as usual with `Connection: close`
 * (rather than a 503 nobody retries), and the connections left idle are closed once they have
 * had `drainMs` to carry one more request. Resolves when every connection has ended.
 */
export function httpStopper(fastify: FastifyInstance): (drainMs: number) => Promise<void> {
  let stopping = false;
  fastify.addHook('onRequest', (request, reply, done) => {
    if (stopping && request.raw.httpVersionMajor === 1) void reply.header('connection', 'close');
    done();
  });
  const connections = new Set<Socket>();
  const server: Server = fastify.server;
  server.on('connection', (socket: Socket) => {
    connections.add(socket);
    socket.once('close', () => connections.delete(socket));
  });

  return async (drainMs) => {
    stopping = true;
    // net's close, not http's: http's closes the idle connections at once, racing a request a
    // client is sending on one of them.
    const closed = new Promise<void>((resolve) =>
      NetServer.prototype.close.call(server, () => resolve()),
    );
    const deadline = Date.now() + drainMs;
    while (connections.size > 0 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    server.closeIdleConnections();
    await closed;
  };
}
