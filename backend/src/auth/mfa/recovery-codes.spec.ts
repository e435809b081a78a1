import {
  RECOVERY_CODE_COUNT,
  newRecoveryCodes,
  normaliseRecoveryCode,
  recoveryCodeHash,
} from './recovery-codes.js';

describe('recovery codes', () => {
  it('makes ten different codes of four groups of four', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    for (const code of codes)
      expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/);
  });

  it('reads a code however it is typed, and refuses what cannot be one', () => {
    expect(normaliseRecoveryCode('7k3q-xm2p-9hdr-tv4b')).toBe('7K3QXM2P9HDRTV4B');
    expect(normaliseRecoveryCode(' 7K3Q XM2P 9HDR TV4B ')).toBe('7K3QXM2P9HDRTV4B');
    expect(normaliseRecoveryCode('7K3Q-XM2P-9HDR-TV4O')).toBe('7K3QXM2P9HDRTV40');
    expect(normaliseRecoveryCode('7K3Q-XM2P-9HDR-TV4I')).toBe('7K3QXM2P9HDRTV41');
    expect(normaliseRecoveryCode('7K3Q-XM2P-9HDR')).toBeUndefined();
    expect(normaliseRecoveryCode('7K3Q-XM2P-9HDR-TV4U')).toBeUndefined();
    expect(normaliseRecoveryCode('123456')).toBeUndefined();
  });

  it('hashes the normalised code, so any way of typing it finds the same one', () => {
    const stored = recoveryCodeHash(normaliseRecoveryCode('7K3Q-XM2P-9HDR-TV4B')!);
    expect(recoveryCodeHash(normaliseRecoveryCode('7k3q xm2p 9hdr tv4b')!)).toBe(stored);
    expect(stored).toMatch(/^[0-9a-f]{64}$/);
  });
});
