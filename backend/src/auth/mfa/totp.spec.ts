import { Secret, TOTP } from 'otpauth';
import { newTotpSecret, normaliseTotpCode, otpauthUrl, qrSvg, totpStep } from './totp.js';

const codeAt = (secret: string, timestamp: number) =>
  new TOTP({
    secret: Secret.fromBase32(secret),
    period: 30,
    digits: 6,
    algorithm: 'SHA1',
  }).generate({ timestamp });

describe('TOTP', () => {
  const secret = newTotpSecret();
  // The middle of a step, so that neighbouring steps are exactly 30 s away.
  const now = 1_800_000_015_000;
  const step = Math.floor(now / 30_000);

  it('makes 160-bit secrets in base32', () => {
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(secret);
  });

  it('tells the step of a code within one step of the clock, and refuses two steps away', () => {
    expect(totpStep(secret, codeAt(secret, now), now)).toBe(step);
    expect(totpStep(secret, codeAt(secret, now - 30_000), now)).toBe(step - 1);
    expect(totpStep(secret, codeAt(secret, now + 30_000), now)).toBe(step + 1);
    expect(totpStep(secret, codeAt(secret, now - 60_000), now)).toBeUndefined();
    expect(totpStep(secret, codeAt(secret, now + 60_000), now)).toBeUndefined();
  });

  it('reads a code typed with spaces, and refuses anything but six digits', () => {
    const code = codeAt(secret, now);
    expect(totpStep(secret, `${code.slice(0, 3)} ${code.slice(3)}`, now)).toBe(step);
    expect(normaliseTotpCode('12345')).toBeUndefined();
    expect(normaliseTotpCode('1234567')).toBeUndefined();
    expect(normaliseTotpCode('12a456')).toBeUndefined();
    expect(totpStep(secret, 'ABCD-EFGH', now)).toBeUndefined();
  });

  it('describes the authenticator as apps read it, and draws it as an SVG QR code', async () => {
    const url = otpauthUrl(secret, 'ada@example.com', 'LeadPulse');
    expect(url).toBe(
      `otpauth://totp/LeadPulse:ada%40example.com?issuer=LeadPulse&secret=${secret}&algorithm=SHA1&digits=6&period=30`,
    );
    const svg = await qrSvg(url);
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg).toContain('<path');
  });
});
