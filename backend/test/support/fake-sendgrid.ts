import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

export interface Captured {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
}

/** A stand-in for SendGrid's HTTP API that records requests and answers from a script. */
export class FakeSendGrid {
  requests: Captured[] = [];
  /**
   * What to answer, in order; 202 once they run out. `hang` never answers (SendGrid timing
   * out, the message not taken), `reset` drops the connection without an answer.
   */
  script: (number | 'hang' | 'reset')[] = [];
  /** Messages SendGrid took (answered 202): what recipients would receive. */
  accepted: Captured[] = [];
  private hanging = new Set<ServerResponse>();
  private server: Server;
  url = '';

  constructor() {
    this.server = createServer((request, response) => {
      let raw = '';
      request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      request.on('end', () => {
        const captured = {
          method: request.method!,
          url: request.url!,
          headers: request.headers,
          body: JSON.parse(raw) as Record<string, unknown>,
        };
        this.requests.push(captured);
        const status = this.script.shift() ?? 202;
        if (status === 'hang') {
          this.hanging.add(response);
        } else if (status === 'reset') {
          request.socket.destroy();
        } else if (status === 202) {
          this.accepted.push(captured);
          response.writeHead(202, { 'x-message-id': `msg-${this.requests.length}` }).end();
        } else {
          response.writeHead(status, { 'content-type': 'application/json' }).end(
            JSON.stringify({
              errors: [
                {
                  message:
                    status === 400
                      ? 'The from address does not match a verified Sender Identity.'
                      : 'Try again later',
                  field: null,
                },
              ],
            }),
          );
        }
      });
    });
  }

  async listen(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as { port: number }).port}`;
  }

  close(): Promise<void> {
    for (const response of this.hanging) response.destroy();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  acceptedFor(emailId: string): Captured[] {
    return this.accepted.filter(
      (request) => (request.body.custom_args as Record<string, string>)?.email_id === emailId,
    );
  }

  for(emailId: string): Captured[] {
    return this.requests.filter(
      (request) => (request.body.custom_args as Record<string, string>)?.email_id === emailId,
    );
  }
}
