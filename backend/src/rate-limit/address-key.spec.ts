import { addressKey } from './rate-limit.service.js';

describe('addressKey', () => {
  it('keeps an IPv4 address, mapped into IPv6 or not', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts an IPv6 address by its /64 network, however it is written', () => {
    const network = '2001:db8:0:1::/64';
    expect(addressKey('2001:db8:0:1::1')).toBe(network);
    expect(addressKey('2001:0db8:0000:0001:ffff:1:2:3')).toBe(network);
    expect(addressKey('2001:DB8:0:1:abcd::')).toBe(network);
    expect(addressKey('2001:db8:0:2::1')).not.toBe(network);
  });

  it('names the loopback and short forms without failing', () => {
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('fe80::')).toBe('fe80:0:0:0::/64');
  });

  it('leaves anything else as it came', () => {
    expect(addressKey('unknown')).toBe('unknown');
  });
});
