import { carriesToken, linkPage, maskData, maskTokens } from './link-tokens.js';

describe('link tokens', () => {
  it('masks the secret of fragment and query tokens, and only that', () => {
    expect(maskTokens('/setup-password#token=abc_DEF-123')).toBe('/setup-password#token=…');
    expect(maskTokens('/newsletter/confirm#token=YWRh.1700000000.mac-_x')).toBe(
      '/newsletter/confirm#token=…',
    );
    expect(maskTokens('/api/newsletter/unsubscribe?token=a.b.c&x=1')).toBe(
      '/api/newsletter/unsubscribe?token=…&x=1',
    );
    expect(maskTokens('/x?refresh_token=r1#y')).toBe('/x?refresh_token=…#y');
    expect(maskTokens('/dashboard')).toBe('/dashboard');
    expect(maskTokens('Visit /setup-password#token=s1 now')).toBe(
      'Visit /setup-password#token=… now',
    );
  });

  it('is idempotent, so a masked link stays masked', () => {
    const masked = maskTokens('/confirm-email#token=secret');
    expect(maskTokens(masked)).toBe(masked);
    expect(carriesToken(masked)).toBe(true);
    expect(carriesToken('/dashboard')).toBe(false);
  });

  it('masks every text value of template data and keeps the rest', () => {
    expect(
      maskData({
        firstName: 'Ada',
        setupLink: '/setup-password#token=f1',
        dashboardLink: undefined,
      }),
    ).toEqual({ firstName: 'Ada', setupLink: '/setup-password#token=…', dashboardLink: undefined });
  });

  it('names the page of a link', () => {
    expect(linkPage('/setup-password#token=…')).toBe('/setup-password');
    expect(linkPage('/newsletter/confirm?x=1#token=a')).toBe('/newsletter/confirm');
  });
});
