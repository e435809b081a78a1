import { describe, expect, it } from 'vitest';
import { shouldSend } from './log';

describe('shouldSend', () => {
  it('sends INFO and above by default, and keeps DEBUG in the browser', () => {
    expect(shouldSend('DEBUG')).toBe(false);
    expect(shouldSend('INFO')).toBe(true);
    expect(shouldSend('FATAL')).toBe(true);
  });

  it('honours another minimum', () => {
    expect(shouldSend('WARN', 'ERROR')).toBe(false);
    expect(shouldSend('ERROR', 'ERROR')).toBe(true);
  });
});
