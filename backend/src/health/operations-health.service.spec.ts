import { jest } from '@jest/globals';
import { HealthIndicatorService } from '@nestjs/terminus';
import type { DataSource } from 'typeorm';
import type { AppConfig } from '../config/app-config.js';
import type { JobsService } from '../jobs/jobs.service.js';
import { OperationsHealthService } from './operations-health.service.js';

/** The service on a pool whose `SELECT 1` settles as `query` does (TypeORM's pool is the driver's master). */
function withPool(query: () => Promise<unknown>) {
  const dataSource = { driver: { master: { query } } } as unknown as DataSource;
  return new OperationsHealthService(
    new HealthIndicatorService(),
    {} as never,
    dataSource,
    {} as AppConfig,
    {} as JobsService,
  );
}

describe('the database ping', () => {
  afterEach(() => jest.useRealTimers());

  it('is healthy with its response time when the database answers', async () => {
    await expect(withPool(async () => ({ rows: [] })).pingDatabase()).resolves.toEqual({
      status: 'healthy',
      responseTime: expect.any(Number),
    });
  });

  it("is unhealthy with the driver's message when the query fails", async () => {
    const failing = withPool(() => Promise.reject(new Error('Connection terminated')));
    await expect(failing.pingDatabase()).resolves.toEqual({
      status: 'unhealthy',
      message: 'Connection terminated',
    });
    await expect(failing.databaseCheck()).resolves.toEqual({
      database: { status: 'down', message: 'Connection terminated' },
    });
  });

  it('is unhealthy after two seconds without an answer', async () => {
    jest.useFakeTimers();
    const ping = withPool(() => new Promise(() => undefined)).pingDatabase();
    jest.advanceTimersByTime(1_999);
    let settled = false;
    void ping.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    jest.advanceTimersByTime(1);
    await expect(ping).resolves.toEqual({
      status: 'unhealthy',
      message: 'The database did not answer in time',
    });
  });

  it('reports as one of the overall checks in their shape', async () => {
    await expect(withPool(async () => ({ rows: [] })).databaseCheck()).resolves.toEqual({
      database: { status: 'up', responseTime: expect.any(Number) },
    });
  });
});
