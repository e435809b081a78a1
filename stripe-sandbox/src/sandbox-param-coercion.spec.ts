import { coerce, type Definitions } from './sandbox-param-coercion.js';

/** A few definitions shaped as ts-json-schema-generator writes Stripe's parameter types. */
const DEFINITIONS: Definitions = {
  Params: {
    type: 'object',
    properties: {
      amount: { type: 'number' },
      live: { type: 'boolean' },
      name: { type: 'string' },
      created: { anyOf: [{ $ref: '#/definitions/Range' }, { type: 'number' }] },
      items: { type: 'array', items: { $ref: '#/definitions/Item' } },
      metadata: { $ref: '#/definitions/Emptyable%3CMetadata%3E' },
      status: {
        anyOf: [
          { type: 'string', const: 'active' },
          { type: 'string', const: 'all' },
        ],
      },
    },
  },
  Range: { type: 'object', properties: { gt: { type: 'number' }, lte: { type: 'number' } } },
  Item: { type: 'object', properties: { price: { type: 'string' }, quantity: { type: 'number' } } },
  'Emptyable<Metadata>': {
    anyOf: [{ type: 'null' }, { type: 'string', const: '' }, { $ref: '#/definitions/Metadata' }],
  },
  Metadata: { type: 'object', additionalProperties: { type: ['string', 'number', 'null'] } },
};

const read = (params: Record<string, unknown>) =>
  coerce(params, { $ref: '#/definitions/Params' }, DEFINITIONS);

describe('form-encoded parameters read as their declared types', () => {
  it('turns numbers and booleans into numbers and booleans, and leaves strings', () => {
    expect(read({ amount: '1250', live: 'false', name: '42' })).toEqual({
      amount: 1250,
      live: false,
      name: '42',
    });
  });

  it('reads a range or a plain time, in a union', () => {
    expect(read({ created: { gt: '10', lte: '20' } })).toEqual({ created: { gt: 10, lte: 20 } });
    expect(read({ created: '30' })).toEqual({ created: 30 });
  });

  it('reads arrays, qs’s numbered objects included, item by item', () => {
    expect(read({ items: [{ price: 'price_a', quantity: '2' }] })).toEqual({
      items: [{ price: 'price_a', quantity: 2 }],
    });
    expect(read({ items: { 1: { quantity: '3' }, 0: { quantity: '1' } } })).toEqual({
      items: [{ quantity: 1 }, { quantity: 3 }],
    });
  });

  it('keeps the empty string that unsets, an enum’s values and metadata’s strings', () => {
    expect(read({ metadata: '', status: 'all' })).toEqual({ metadata: '', status: 'all' });
    expect(read({ metadata: { plan: 'pro', seats: '3' } })).toEqual({
      metadata: { plan: 'pro', seats: '3' },
    });
  });

  it('leaves what cannot become its type for the validator to refuse', () => {
    expect(read({ amount: 'ten', live: 'maybe', unknown: '1' })).toEqual({
      amount: 'ten',
      live: 'maybe',
      unknown: '1',
    });
  });
});
