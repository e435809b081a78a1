import { isRefusedAddress, refusedUrl, resolveWebhookTarget } from './webhook-address.js';
import { signWebhook, verifyWebhook } from './webhook-signature.js';

describe('webhook addresses', () => {
  it.each([
    '127.0.0.1',
    '127.8.9.10',
    '::1',
    '10.0.0.1',
    '10.255.255.255',
    '172.16.0.1',
    '172.31.255.254',
    '192.168.1.20',
    '169.254.169.254',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    '0.0.0.0',
    '::',
    '::ffff:127.0.0.1',
    '::ffff:a00:1',
    '100.64.0.1',
  ])('refuses %s', (address) => {
    expect(isRefusedAddress(address)).toBe(true);
  });

  it.each([
    '93.184.216.34',
    '172.32.0.1',
    '172.15.255.255',
    '192.169.0.1',
    '2606:4700::1111',
    '8.8.8.8',
  ])('accepts the public address %s', (address) => {
    expect(isRefusedAddress(address)).toBe(false);
  });

  it('refuses plain HTTP, credentials and literal private hosts unless private addresses are allowed', () => {
    expect(refusedUrl(new URL('http://example.com/hook'), false)).toMatch(/HTTPS only/);
    expect(refusedUrl(new URL('https://user:pw@example.com/hook'), false)).toMatch(/user name/);
    expect(refusedUrl(new URL('https://127.0.0.1/hook'), false)).toMatch(/private/);
    expect(refusedUrl(new URL('https://[::1]/hook'), false)).toMatch(/private/);
    expect(refusedUrl(new URL('https://localhost/hook'), false)).toMatch(/private/);
    expect(refusedUrl(new URL('https://example.com/hook'), false)).toBeNull();
    expect(refusedUrl(new URL('http://127.0.0.1:9/hook'), true)).toBeNull();
  });

  it('checks every address a name resolves to', async () => {
    const twoFaced = async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '10.0.0.7', family: 4 },
    ];
    await expect(
      resolveWebhookTarget(new URL('https://hooks.example.com/x'), false, twoFaced),
    ).rejects.toThrow(/10\.0\.0\.7/);
    const publicOnly = async () => [{ address: '93.184.216.34', family: 4 }];
    await expect(
      resolveWebhookTarget(new URL('https://hooks.example.com/x'), false, publicOnly),
    ).resolves.toEqual([{ address: '93.184.216.34', family: 4 }]);
    await expect(
      resolveWebhookTarget(new URL('https://hooks.example.com/x'), true, twoFaced),
    ).resolves.toHaveLength(2);
  });
});

describe('webhook signatures', () => {
  it('signs t.body with HMAC-SHA256 and verifies only the same secret, body and a recent time', () => {
    const body = JSON.stringify({ type: 'rule.matched' });
    const header = signWebhook('whsec_a', body, 1_800_000_000);
    expect(header).toMatch(/^t=1800000000,v1=[0-9a-f]{64}$/);
    expect(verifyWebhook('whsec_a', body, header, 1_800_000_010)).toBe(true);
    expect(verifyWebhook('whsec_b', body, header, 1_800_000_010)).toBe(false);
    expect(verifyWebhook('whsec_a', `${body} `, header, 1_800_000_010)).toBe(false);
    expect(verifyWebhook('whsec_a', body, header, 1_800_001_000)).toBe(false);
  });
});
