import { erasedPerson, scrubText, scrubValue } from './personal-data-scrub.js';
import type { UserEntity } from './user.entity.js';

const person = erasedPerson({
  id: '5f0c1d2e-0000-4000-8000-000000000001',
  auth_user_id: null,
  stripe_customer_id: 'cus_1',
  email: 'ada@example.com',
  first_name: 'Ada',
  last_name: 'Lovelace',
  phone: '(555) 010-4321',
  billing_name: null,
  billing_email: 'Billing.Ada@Example.org',
  billing_phone: null,
  billing_address: { line1: '12 St James Square', city: 'London' },
} as UserEntity);
const anonymous = 'deleted-5f0c1d2e-0000-4000-8000-000000000001@deleted.invalid';

describe('scrubbing a deleted member out of text and JSON', () => {
  it('replaces their addresses in any case with the anonymised one', () => {
    expect(scrubText('Password setup link created for ADA@Example.com', person)).toBe(
      `Password setup link created for ${anonymous}`,
    );
    expect(scrubText('Receipt to billing.ada@example.org sent', person)).toBe(
      `Receipt to ${anonymous} sent`,
    );
  });

  it('removes their full name, phone and street wherever they occur', () => {
    expect(scrubText('Welcome, Ada Lovelace! Call (555) 010-4321', person)).toBe(
      'Welcome, ! Call ',
    );
    expect(scrubText('Ships to 12 St James Square, London', person)).toBe('Ships to , London');
  });

  it('blanks a value that is only a first or last name, but not a word containing one', () => {
    expect(scrubText('Ada', person)).toBe('');
    expect(scrubText(' lovelace ', person)).toBe('');
    expect(scrubText('Adams', person)).toBe('Adams');
    expect(scrubText('Canada', person)).toBe('Canada');
  });

  it('walks JSON, keeping keys, numbers and the shape', () => {
    expect(
      scrubValue(
        {
          description: 'Edited ada@example.com',
          old_values: { first_name: 'Ada', amount: 7500, tags: ['Lovelace', 'vip'] },
          new_values: null,
        },
        person,
      ),
    ).toEqual({
      description: `Edited ${anonymous}`,
      old_values: { first_name: '', amount: 7500, tags: ['', 'vip'] },
      new_values: null,
    });
  });
});
