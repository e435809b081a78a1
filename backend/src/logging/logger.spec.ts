import { runInRequestContext } from '../common/request-context.js';
import { createRootLogger, redactUrl, requestLogger } from './logger.js';

describe('redactUrl', () => {
  it('replaces the value of a token query parameter, wherever it stands', () => {
    expect(redactUrl('/api/newsletter/unsubscribe?token=abc.123.mac')).toBe(
      '/api/newsletter/unsubscribe?token=[redacted]',
    );
    expect(redactUrl('/api/x?utm=mail&token=abc&page=2')).toBe(
      '/api/x?utm=mail&token=[redacted]&page=2',
    );
    expect(redactUrl('/api/x?access_token=a&refresh_token=b')).toBe(
      '/api/x?access_token=[redacted]&refresh_token=[redacted]',
    );
  });

  it('leaves a URL without a token as it is', () => {
    for (const url of ['/api/me', '/api/users?page=2&tokens', '/api/x?tokenizer'])
      expect(redactUrl(url)).toBe(url);
  });
});

/** Every secret a line may carry, each with a value that must never be written. */
const SECRETS = {
  password: 'secret-password',
  current_password: 'secret-current',
  new_password: 'secret-new',
  token: 'secret-token',
  access_token: 'secret-access',
  refresh_token: 'secret-refresh',
};
const HEADERS = {
  authorization: 'Bearer secret-bearer',
  cookie: 'refresh=secret-cookie',
  'stripe-signature': 't=1,v1=secret-signature',
  'user-agent': 'curl/8',
};
const SECRET_VALUES = [...Object.values(SECRETS), ...Object.values(HEADERS).slice(0, 3)];
const HIDDEN = Object.fromEntries(Object.keys(SECRETS).map((field) => [field, '[redacted]']));

const inRequest = (requestId: string, work: () => void) => runInRequestContext({ requestId }, work);

function capture() {
  const lines: string[] = [];
  const root = createRootLogger({
    level: 'info',
    pretty: false,
    destination: { write: (line: string) => void lines.push(line) },
  });
  return {
    root,
    lines,
    parsed: () => lines.map((line) => JSON.parse(line) as Record<string, Record<string, unknown>>),
  };
}

describe('the root logger', () => {
  it('hides the secret fields of any object it logs, and the secret request headers', () => {
    const { root, lines, parsed } = capture();
    root.info(
      { body: { ...SECRETS, email: 'a@example.com' }, user: SECRETS, req: { headers: HEADERS } },
      'signing in',
    );
    for (const value of SECRET_VALUES) expect(lines.join('')).not.toContain(value);
    const [line] = parsed();
    expect(line.body).toEqual({ ...HIDDEN, email: 'a@example.com' });
    expect(line.user).toEqual(HIDDEN);
    expect(line.req.headers).toEqual({
      authorization: '[redacted]',
      cookie: '[redacted]',
      'stripe-signature': '[redacted]',
      'user-agent': 'curl/8',
    });
  });

  it('names the request being handled on every line', () => {
    const { root, parsed } = capture();
    inRequest('req-1', () => root.child({ context: 'Service' }).warn('x'));
    expect(parsed()[0]).toMatchObject({ reqId: 'req-1', context: 'Service', msg: 'x' });
  });
});

describe('the request lines', () => {
  it('hide the secrets of the request, the answer and the error they carry', () => {
    const { root, lines, parsed } = capture();
    const request = requestLogger(root).child({ reqId: 'req-2' });
    const error = Object.assign(new Error('refused'), SECRETS);
    request.error(
      {
        method: 'POST',
        url: '/api/auth/reset?token=secret-query',
        req: { headers: HEADERS, ...SECRETS },
        res: SECRETS,
        err: error,
      },
      'request errored',
    );
    for (const value of [...SECRET_VALUES, 'secret-query'])
      expect(lines.join('')).not.toContain(value);
    const [line] = parsed();
    expect(line).toMatchObject({
      url: '/api/auth/reset?token=[redacted]',
      req: { ...HIDDEN, headers: { authorization: '[redacted]', 'user-agent': 'curl/8' } },
      res: HIDDEN,
      err: { message: 'refused', ...HIDDEN },
    });
  });

  it('name their request once, inside its context too', () => {
    const { root, lines } = capture();
    const request = requestLogger(root).child({ reqId: 'req-3' });
    inRequest('req-3', () =>
      request.info({ method: 'GET', url: '/api/me', statusCode: 200, ms: 1 }, 'request completed'),
    );
    expect(lines).toHaveLength(1);
    expect(lines[0].match(/"reqId"/g)).toHaveLength(1);
    expect(JSON.parse(lines[0])).toMatchObject({
      reqId: 'req-3',
      method: 'GET',
      url: '/api/me',
      statusCode: 200,
      ms: 1,
      msg: 'request completed',
    });
  });
});
