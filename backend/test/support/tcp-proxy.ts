import { createServer, Socket, type Server } from 'node:net';

/**
 * A TCP proxy in front of the test database that can be cut and restored: the database seen
 * from the app stops answering (open connections reset, new ones refused) while the shared
 * server keeps running for everyone else.
 */
export class CuttableProxy {
  private server: Server;
  private sockets = new Set<Socket>();
  private open = true;
  port = 0;

  constructor(private readonly target: { host: string; port: number }) {
    this.server = createServer((client) => {
      if (!this.open) return client.destroy();
      const upstream = new Socket();
      upstream.connect(this.target.port, this.target.host);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => socket.destroy());
      }
      client.pipe(upstream).pipe(client);
    });
  }

  async listen(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as { port: number }).port;
  }

  cut(): void {
    this.open = false;
    for (const socket of this.sockets) socket.destroy();
  }

  restore(): void {
    this.open = true;
  }

  close(): Promise<void> {
    this.cut();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
