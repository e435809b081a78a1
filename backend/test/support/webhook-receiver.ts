/** A real HTTP server standing in for a webhook receiver, for the automation tests. */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A webhook receiver: records each call and answers 500 to the first `failFirst`. */
export async function startReceiver(failFirst = 0) {
  const received: Received[] = [];
  let calls = 0;
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      calls += 1;
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      if (calls <= failFirst) response.writeHead(500).end('try again later');
      else response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/leadpulse`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
