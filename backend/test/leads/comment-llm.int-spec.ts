import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import { AppConfig } from '../../src/config/app-config.js';
import { CommentWriterService } from '../../src/leads/comments/comment-writer.service.js';

const KEY = 'sk-test-secret-key-0123456789abcdef';
const LAUNCH = 'We launched Ledgerly today: invoicing for freelancers that chases late payments.';
const LAYOFF = 'Yesterday I was laid off from Contoso along with 200 colleagues.';

const GOOD = [
  { angle: 'question', text: 'How did you pick freelancers as the first market?' },
  {
    angle: 'insight',
    text: 'Late payments are a cash-flow problem before they are a tooling one.',
  },
  { angle: 'example', text: 'Agree. A designer friend waited 90 days for one invoice last year.' },
  { angle: 'congratulate', text: 'Congratulations on the launch, well deserved!' },
  { angle: 'resource', text: 'The Freelancers Union has a good guide on payment terms.' },
];

type Mode = 'ok' | 'status500' | 'status401' | 'timeout' | 'malformed' | 'shape' | 'congrats';

/** Answers as the chat completions API does, in the mode the test sets. */
function completion(content: string) {
  return {
    id: 'chatcmpl-1',
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: 'test-model',
    choices: [
      { index: 0, message: { role: 'assistant', content }, finish_reason: 'stop', logprobs: null },
    ],
    usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
  };
}

describe('the LLM comment writer', () => {
  let server: Server;
  let mode: Mode = 'ok';
  const requests: { path?: string; auth?: string; body: Record<string, unknown> }[] = [];
  let writer: CommentWriterService;
  const logged: string[] = [];

  const send = (res: ServerResponse, status: number, body: object) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  beforeAll(async () => {
    server = createServer((req: IncomingMessage, res: ServerResponse) => {
      let raw = '';
      req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      req.on('end', () => {
        requests.push({ path: req.url, auth: req.headers.authorization, body: JSON.parse(raw) });
        if (mode === 'timeout') return; // never answers: the client's timeout ends it
        if (mode === 'status500')
          return send(res, 500, {
            error: { message: 'The server had an error', type: 'server_error' },
          });
        if (mode === 'status401')
          return send(res, 401, {
            error: {
              message: `Incorrect API key provided: ${KEY}.`,
              type: 'invalid_request_error',
              code: 'invalid_api_key',
            },
          });
        if (mode === 'malformed')
          return send(res, 200, completion('Sure! Here are five drafts: 1.'));
        if (mode === 'shape')
          return send(res, 200, completion(JSON.stringify({ drafts: GOOD.slice(0, 3) })));
        if (mode === 'congrats')
          return send(res, 200, completion(JSON.stringify({ drafts: GOOD })));
        send(res, 200, completion(JSON.stringify({ drafts: GOOD })));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    writer = new CommentWriterService(
      AppConfig.fromEnvironment({
        LLM_BASE_URL: `http://127.0.0.1:${port}/v1`,
        LLM_API_KEY: KEY,
        LLM_MODEL: 'test-model',
        LLM_TIMEOUT_MS: '500',
      }),
    );
    for (const level of ['log', 'warn', 'error', 'debug', 'verbose'] as const)
      jest.spyOn(Logger.prototype, level).mockImplementation((...args: unknown[]) => {
        logged.push(args.map(String).join(' '));
      });
    for (const level of ['log', 'warn', 'error', 'info', 'debug'] as const)
      jest.spyOn(console, level).mockImplementation((...args: unknown[]) => {
        logged.push(args.map(String).join(' '));
      });
  });
  afterAll(async () => {
    jest.restoreAllMocks();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  beforeEach(() => {
    requests.length = 0;
    logged.length = 0;
  });

  it('asks the chat completions API in JSON mode and answers its drafts', async () => {
    mode = 'ok';
    const set = await writer.write(LAUNCH, []);
    expect(set).toEqual({ provider: 'llm', fallback: false, drafts: GOOD });
    expect(requests).toHaveLength(1);
    expect(requests[0].path).toBe('/v1/chat/completions');
    expect(requests[0].auth).toBe(`Bearer ${KEY}`);
    expect(requests[0].body).toMatchObject({
      model: 'test-model',
      response_format: { type: 'json_object' },
    });
    expect(JSON.stringify(requests[0].body.messages)).toContain(LAUNCH);
  });

  it.each([
    ['an error status', 'status500' as Mode, LAUNCH, /InternalServerError 500/],
    ['a refused key', 'status401' as Mode, LAUNCH, /AuthenticationError 401/],
    ['a timeout', 'timeout' as Mode, LAUNCH, /no answer within the timeout/],
    ['an answer that is not JSON', 'malformed' as Mode, LAUNCH, /not JSON/],
    ['an answer of another shape', 'shape' as Mode, LAUNCH, /list of five/],
    ['congratulations on a layoff', 'congrats' as Mode, LAYOFF, /unexpected angle congratulate/],
  ])(
    'falls back to the offline writer on %s, and says so',
    async (_name, failure, post, reason) => {
      mode = failure;
      const started = Date.now();
      const set = await writer.write(post, []);
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(set.provider).toBe('offline');
      expect(set.fallback).toBe(true);
      expect(set.drafts).toHaveLength(5);
      expect(new Set(set.drafts.map((draft) => draft.angle)).size).toBe(5);
      // One attempt only: a retry would keep the member waiting past the timeout.
      expect(requests).toHaveLength(1);
      expect(logged.join('\n')).toMatch(reason);
      expect(logged.join('\n')).not.toContain(KEY);
      expect(logged.join('\n')).not.toContain(KEY.slice(-12));
    },
  );

  it('falls back when the answer repeats one of the member’s recent drafts', async () => {
    mode = 'ok';
    const set = await writer.write(LAUNCH, ['Congratulations on the launch, well deserved!']);
    expect(set).toMatchObject({ provider: 'offline', fallback: true });
  });
});
