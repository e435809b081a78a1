import type { ValidationError } from '@nestjs/common';
import { validationErrorsByField } from './validation.js';

describe('validationErrorsByField', () => {
  it('keeps the first message of each field and flattens nested objects', () => {
    const errors: ValidationError[] = [
      {
        property: 'email',
        constraints: { isEmail: 'Email is required', other: 'second' },
        children: [],
      },
      {
        property: 'billing_address',
        children: [
          { property: 'city', constraints: { isString: 'city must be a string' }, children: [] },
        ],
      },
    ];
    expect(validationErrorsByField(errors)).toEqual({
      email: 'Email is required',
      'billing_address.city': 'city must be a string',
    });
  });
});
