import { expiredSignupCookie, signupCookie, signupProofIn } from './signup-cookie.js';

describe('the sign-up cookie', () => {
  it('is HttpOnly, SameSite=Strict, sent to the confirmation only, and Secure over https', () => {
    expect(signupCookie('p1', 'http://localhost:3000')).toBe(
      'lp_signup=p1; Path=/api/auth/confirm; Max-Age=2592000; HttpOnly; SameSite=Strict',
    );
    expect(signupCookie('p1', 'https://app.example.com')).toBe(
      'lp_signup=p1; Path=/api/auth/confirm; Max-Age=2592000; HttpOnly; SameSite=Strict; Secure',
    );
    expect(expiredSignupCookie('https://app.example.com')).toBe(
      'lp_signup=; Path=/api/auth/confirm; Max-Age=0; HttpOnly; SameSite=Strict; Secure',
    );
  });

  it('is read from a Cookie header among others', () => {
    expect(signupProofIn('a=1; lp_signup=abc_-1; b=2')).toBe('abc_-1');
    expect(signupProofIn('lp_signup=')).toBeUndefined();
    expect(signupProofIn('other=lp_signup')).toBeUndefined();
    expect(signupProofIn(undefined)).toBeUndefined();
  });
});
