import {
  changedTerms,
  refusedByStripe,
  replacesCode,
  stripeFailure,
  toTerms,
} from './promotion-terms.js';

const form = { name: ' Spring ', code: ' spring25 ', type: 'percentage' as const, value: 25 };

describe('toTerms', () => {
  it('trims, upper-cases the code and fills the defaults', () => {
    expect(toTerms(form)).toEqual({
      name: 'Spring',
      code: 'SPRING25',
      type: 'percentage',
      value: 25,
      max_uses: null,
      expires_at: null,
      active: true,
    });
  });

  it('refuses a percentage over 100 and an expiry in the past', () => {
    expect(() => toTerms({ ...form, value: 101 })).toThrow('A percentage is at most 100.');
    const past = new Date(Date.now() - 1000).toISOString();
    expect(() => toTerms({ ...form, expires_at: past })).toThrow(
      'The expiry must be in the future.',
    );
    // An edit that leaves a past expiry alone is not refused for it.
    expect(toTerms({ ...form, expires_at: past }, false).expires_at?.toISOString()).toBe(past);
  });
});

describe('replacesCode', () => {
  const terms = toTerms(form);
  it('is false for the name and Active, which Stripe changes in place', () => {
    expect(replacesCode(terms, { ...terms, name: 'Other', active: false })).toBe(false);
  });
  it('is true for the code, value, limit or expiry', () => {
    expect(replacesCode(terms, { ...terms, value: 30 })).toBe(true);
    expect(replacesCode(terms, { ...terms, max_uses: 3 })).toBe(true);
    expect(replacesCode(terms, { ...terms, expires_at: new Date() })).toBe(true);
    expect(replacesCode(terms, { ...terms, code: 'OTHER' })).toBe(true);
  });
});

describe('Stripe failures', () => {
  it('reads an existing code as code_taken and anything else as stripe_failed', () => {
    expect(stripeFailure({ code: 'resource_already_exists' }).getResponse()).toMatchObject({
      code: 'code_taken',
    });
    expect(stripeFailure(new Error('socket hang up')).getResponse()).toMatchObject({
      statusCode: 502,
      code: 'stripe_failed',
      message: 'Failed to update promotion',
    });
  });

  it('counts only a final 4xx as a refusal (a lost answer or a busy key may have acted)', () => {
    expect(refusedByStripe({ statusCode: 400 })).toBe(true);
    expect(refusedByStripe({ statusCode: 409 })).toBe(false);
    expect(refusedByStripe({ statusCode: 429 })).toBe(false);
    expect(refusedByStripe({ statusCode: 500 })).toBe(false);
    expect(refusedByStripe(new Error('ECONNRESET'))).toBe(false);
  });
});

describe('changedTerms', () => {
  const terms = {
    name: 'Spring',
    code: 'SPRING',
    type: 'percentage' as const,
    value: 20,
    max_uses: null,
    expires_at: new Date('2027-03-01T00:00:00Z'),
    active: true,
  };

  it('records only what an edit changed, never the row’s other columns', () => {
    const row = {
      ...terms,
      id: 'b5c3',
      created_at: new Date('2026-11-16T00:00:00Z'),
      updated_at: new Date('2026-11-16T00:00:00Z'),
      current_uses: 3,
      stripe_coupon_id: 'co_1',
      stripe_promotion_code_id: 'promo_1',
    };
    expect(changedTerms(row, { ...terms, active: false })).toEqual({
      old_values: { active: true },
      new_values: { active: false },
    });
    expect(
      changedTerms(row, { ...terms, expires_at: new Date('2027-04-01T00:00:00Z'), name: 'Spring' }),
    ).toEqual({
      old_values: { expires_at: '2027-03-01T00:00:00.000Z' },
      new_values: { expires_at: '2027-04-01T00:00:00.000Z' },
    });
  });
});
