import { createServer, request, type Server } from 'node:http';

/**
 * A reverse proxy as nginx with `proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for`
 * is: it forwards each request to `target`, appending the address it was connected from to
 * whatever `X-Forwarded-For` the client sent.
 */
export class ForwardingProxy {
  private readonly server: Server;
  url = '';

  constructor(target: string) {
    const upstream = new URL(target);
    this.server = createServer((incoming, outgoing) => {
      const sent = incoming.headers['x-forwarded-for'];
      const peer = incoming.socket.remoteAddress ?? '';
      const forwarded = sent ? `${String(sent)}, ${peer}` : peer;
      const proxied = request(
        {
          host: upstream.hostname,
          port: upstream.port,
          method: incoming.method,
          path: incoming.url,
          headers: { ...incoming.headers, 'x-forwarded-for': forwarded },
        },
        (answer) => {
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(outgoing);
        },
      );
      proxied.on('error', () => outgoing.writeHead(502).end());
      incoming.pipe(proxied);
    });
  }

  async listen(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    const address = this.server.address() as { port: number };
    this.url = `http://127.0.0.1:${address.port}`;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }
}
