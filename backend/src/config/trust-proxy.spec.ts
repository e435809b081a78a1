import { fastifyTrustProxy } from './trust-proxy.js';

describe('fastifyTrustProxy', () => {
  it('trusts as many hops as the count, the connection being the first', () => {
    const trust = fastifyTrustProxy(1) as (address: string, hop: number) => boolean;
    expect(trust('10.0.0.2', 0)).toBe(true);
    expect(trust('203.0.113.9', 1)).toBe(false);
  });

  it('passes false, true and address lists through', () => {
    expect(fastifyTrustProxy(false)).toBe(false);
    expect(fastifyTrustProxy(true)).toBe(true);
    expect(fastifyTrustProxy(['10.0.0.0/8'])).toEqual(['10.0.0.0/8']);
  });
});
