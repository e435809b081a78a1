import { redactUrl } from './logger.js';

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
