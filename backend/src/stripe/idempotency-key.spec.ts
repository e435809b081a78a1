import { creationKey } from './idempotency-key.js';

describe('creationKey', () => {
  const params = { email: 'ann@example.com', name: 'Ann Lee', metadata: { user_id: 'u1' } };

  it('is the same for the same parameters, whatever their order', () => {
    expect(creationKey('member-customer:u1', params)).toBe(
      creationKey('member-customer:u1', {
        metadata: { user_id: 'u1' },
        name: 'Ann Lee',
        email: 'ann@example.com',
      }),
    );
  });

  it('changes when a parameter changes, so a renamed member gets a key of their own', () => {
    expect(creationKey('member-customer:u1', { ...params, name: 'Ann Smith' })).not.toBe(
      creationKey('member-customer:u1', params),
    );
  });

  it('ignores parameters left undefined, as the Stripe SDK sends nothing for them', () => {
    expect(creationKey('s', { ...params, phone: undefined })).toBe(creationKey('s', params));
  });

  it('starts with its scope and stays within Stripe’s 255 characters', () => {
    const key = creationKey('member-customer:u1', { name: 'x'.repeat(10_000) });
    expect(key.startsWith('member-customer:u1:')).toBe(true);
    expect(key.length).toBeLessThanOrEqual(255);
  });
});
