import { describe, expect, it } from 'vitest';
import { formatPhone } from './phone.js';

describe('formatPhone', () => {
  it.each([
    ['', ''],
    ['5', '(5'],
    ['555', '(555'],
    ['5551', '(555) 1'],
    ['555123', '(555) 123'],
    ['5551234', '(555) 123-4'],
    ['5551234567', '(555) 123-4567'],
    ['55512345678999', '(555) 123-4567'],
    ['(555) 123-45ab67', '(555) 123-4567'],
    ['abc', ''],
  ])('formats %j as %j', (input, expected) => {
    expect(formatPhone(input)).toBe(expected);
  });
});
