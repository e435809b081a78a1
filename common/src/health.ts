/** Health rules of admin-portal.md section 4. */
export type HealthStatus = 'healthy' | 'degraded' | 'unhealthy';
export type OverallHealthStatus = HealthStatus | 'unknown';

/** Unhealthy if any check is unhealthy, else degraded if any is degraded, else healthy; unknown with no checks. */
export function overallHealth(statuses: readonly HealthStatus[]): OverallHealthStatus {
  if (statuses.length === 0) return 'unknown';
  if (statuses.includes('unhealthy')) return 'unhealthy';
  if (statuses.includes('degraded')) return 'degraded';
  return 'healthy';
}

/** Badge colours of a health status: healthy green, degraded yellow, unhealthy red, unknown grey. */
export function healthBadgeColour(
  status: OverallHealthStatus | string,
): 'green' | 'yellow' | 'red' | 'grey' {
  return status === 'healthy'
    ? 'green'
    : status === 'degraded'
      ? 'yellow'
      : status === 'unhealthy'
        ? 'red'
        : 'grey';
}

const HEALTH_STATUS_LABELS: Record<OverallHealthStatus, string> = {
  healthy: 'Healthy',
  degraded: 'Degraded',
  unhealthy: 'Unhealthy',
  unknown: 'Unknown',
};

/** A health status as the badges name it ("degraded" is "Degraded"); an unknown one reads Unknown. */
export function healthStatusLabel(status: OverallHealthStatus | string | null | undefined): string {
  return HEALTH_STATUS_LABELS[status as OverallHealthStatus] ?? 'Unknown';
}

/** An uptime as its two largest units: "3d 4h", "2h 5m", "5m 12s", "42s". */
export function formatUptime(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const units: [string, number][] = [
    ['d', Math.floor(seconds / 86_400)],
    ['h', Math.floor(seconds / 3_600) % 24],
    ['m', Math.floor(seconds / 60) % 60],
    ['s', seconds % 60],
  ];
  const first = units.findIndex(([, value]) => value > 0);
  if (first === -1) return '0s';
  return units
    .slice(first, first + 2)
    .filter(([, value], index) => index === 0 || value > 0)
    .map(([unit, value]) => `${value}${unit}`)
    .join(' ');
}
