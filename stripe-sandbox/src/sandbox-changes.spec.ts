import { previousAttributes } from './sandbox-changes.js';

describe('previousAttributes', () => {
  it('holds only the changed keys of a nested object', () => {
    const before = { status: 'active', metadata: { plan: 'old', team: 'a' }, email: 'x' };
    const after = { status: 'past_due', metadata: { plan: 'new', team: 'a' }, email: 'x' };
    expect(previousAttributes(before, after)).toEqual({
      status: 'active',
      metadata: { plan: 'old' },
    });
  });

  it('goes down nested objects, and reports a key added to one as null', () => {
    const before = { invoice_settings: { custom_fields: null, footer: null, rendering: { a: 1 } } };
    const after = {
      invoice_settings: { custom_fields: null, footer: 'f', rendering: { a: 2, b: 3 } },
    };
    expect(previousAttributes(before, after)).toEqual({
      invoice_settings: { footer: null, rendering: { a: 1, b: null } },
    });
  });

  it('sends arrays whole, and a nested object that became null whole', () => {
    const before = {
      items: { object: 'list', data: [{ id: 'si_1', price: 'p1' }] },
      address: { city: 'A' },
    };
    const after = { items: { object: 'list', data: [{ id: 'si_1', price: 'p2' }] }, address: null };
    expect(previousAttributes(before, after)).toEqual({
      items: { data: [{ id: 'si_1', price: 'p1' }] },
      address: { city: 'A' },
    });
  });

  it('is empty when nothing changed', () => {
    expect(previousAttributes({ a: { b: 1 } }, { a: { b: 1 } })).toEqual({});
  });
});
