import { randomBytes } from 'node:crypto';
import { SecretBox } from './secret-box.js';

describe('SecretBox', () => {
  const box = new SecretBox(randomBytes(32));

  it('opens what it sealed, and never seals the same value the same way twice', () => {
    const sealed = box.seal('JBSWY3DPEHPK3PXP', 'factor-1');
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.seal('JBSWY3DPEHPK3PXP', 'factor-1')).not.toBe(sealed);
    expect(box.open(sealed, 'factor-1')).toBe('JBSWY3DPEHPK3PXP');
  });

  it('refuses a value sealed for another row, with another key, or altered', () => {
    const sealed = box.seal('JBSWY3DPEHPK3PXP', 'factor-1');
    expect(() => box.open(sealed, 'factor-2')).toThrow();
    expect(() => new SecretBox(randomBytes(32)).open(sealed, 'factor-1')).toThrow();
    const [version, nonce, tag, ciphertext] = sealed.split('.');
    const flipped = Buffer.from(ciphertext, 'base64url');
    flipped[0] ^= 1;
    expect(() =>
      box.open([version, nonce, tag, flipped.toString('base64url')].join('.'), 'factor-1'),
    ).toThrow();
    expect(() => box.open('plain text', 'factor-1')).toThrow('Not a sealed value');
  });

  it('needs a 32-byte key', () => {
    expect(() => new SecretBox(randomBytes(16))).toThrow('32 bytes');
  });
});
