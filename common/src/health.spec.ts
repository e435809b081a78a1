import { describe, expect, it } from 'vitest';
import {
  formatUptime,
  healthBadgeColour,
  healthStatusLabel,
  overallHealth,
  type HealthStatus,
} from './health.js';

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

describe('overallHealth over every combination of three checks', () => {
  const STATES: HealthStatus[] = ['healthy', 'degraded', 'unhealthy'];
  const combinations = STATES.flatMap((a) => STATES.flatMap((b) => STATES.map((c) => [a, b, c])));
  it.each(combinations)('%s, %s, %s', (...checks) => {
    const expected = checks.includes('unhealthy')
      ? 'unhealthy'
      : checks.includes('degraded')
        ? 'degraded'
        : 'healthy';
    expect(overallHealth(checks)).toBe(expected);
  });
});

describe('healthBadgeColour', () => {
  it('colours each status', () => {
    expect(['healthy', 'degraded', 'unhealthy', 'unknown'].map(healthBadgeColour)).toEqual([
      'green',
      'yellow',
      'red',
      'grey',
    ]);
  });
});

describe('formatUptime', () => {
  it.each([
    [0, '0s'],
    [42, '42s'],
    [312, '5m 12s'],
    [3_600, '1h'],
    [7_500, '2h 5m'],
    [86_400 * 3 + 3_600 * 4 + 59, '3d 4h'],
    [86_400 + 30, '1d'],
  ])('%i seconds is %s', (seconds, text) => {
    expect(formatUptime(seconds)).toBe(text);
  });
});

describe('healthStatusLabel', () => {
  it.each([
    ['healthy', 'Healthy'],
    ['degraded', 'Degraded'],
    ['unhealthy', 'Unhealthy'],
    ['unknown', 'Unknown'],
    ['exploded', 'Unknown'],
    [null, 'Unknown'],
  ])('labels %j %j', (status, label) => {
    expect(healthStatusLabel(status)).toBe(label);
  });
});
