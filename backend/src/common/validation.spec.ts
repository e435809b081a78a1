import type { ValidationError } from '@nestjs/common';
import { validate } from 'class-validator';
import { MESSAGES } from '@leadpulse/common';
import { isFittingName, OneLineName, validationErrorsByField } from './validation.js';

class Named {
  @OneLineName() name: string;
  constructor(name: string) {
    this.name = name;
  }
}

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

describe('OneLineName', () => {
  it.each(['Ada', 'Zoë Saldaña', 'Nguyễn Văn', "O'Brien-Smith", '李小龍', '👩‍💻 Ada', ''])(
    'accepts %j',
    async (name) => {
      expect(await validate(new Named(name))).toEqual([]);
    },
  );

  it.each([
    'Ada\nLovelace',
    'Ada\r\n',
    'tab\there',
    'nul\u0000',
    'del\u007f',
    'c1\u0085',
    'ls\u2028',
  ])('refuses %j with the one message', async (name) => {
    const [error] = await validate(new Named(name));
    expect(error.constraints).toEqual({ matches: MESSAGES.validation.nameCharacters });
  });
});

describe('isFittingName', () => {
  it('counts characters as PostgreSQL does, variation selectors included', () => {
    expect(isFittingName('a'.repeat(100))).toBe(true);
    expect(isFittingName('a'.repeat(101))).toBe(false);
    expect(isFittingName('😀'.repeat(100))).toBe(true);
    // class-validator's length would call this 100; PostgreSQL counts 200.
    expect(isFittingName('a\uFE0F'.repeat(100))).toBe(false);
    expect(isFittingName('Ada\nLovelace')).toBe(false);
  });
});
