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
