import { describe, expect, it } from 'vitest';
import { overallHealth } from './health.js';

describe('overallHealth', () => {
  it('is unknown with no checks', () => {
    expect(overallHealth([])).toBe('unknown');
  });

  it('is unhealthy if any check is unhealthy', () => {
    expect(overallHealth(['healthy', 'degraded', 'unhealthy'])).toBe('unhealthy');
  });

  it('is degraded if any check is degraded and none unhealthy', () => {
    expect(overallHealth(['healthy', 'degraded', 'healthy'])).toBe('degraded');
  });

  it('is healthy when every check is healthy', () => {
    expect(overallHealth(['healthy', 'healthy'])).toBe('healthy');
  });
});
