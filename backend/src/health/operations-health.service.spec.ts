import { jest } from '@jest/globals';
import { HealthIndicatorService } from '@nestjs/terminus';
import type { DataSource } from 'typeorm';
import type { AppConfig } from '../config/app-config.js';
import type { JobsService } from '../jobs/jobs.service.js';
import { OperationsHealthService } from './operations-health.service.js';

type Answer = (error?: Error) => void;

/** The service on a pool that answers `SELECT 1` as `query` does (TypeORM's pool is the driver's master). */
function withPool(query: (sql: string, answer: Answer) => void) {
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
    const answering = withPool((_sql, answer) => setImmediate(answer));
    await expect(answering.pingDatabase()).resolves.toEqual({
      status: 'healthy',
      responseTime: expect.any(Number),
    });
  });

  it("is unhealthy with the driver's message when the query fails", async () => {
    const failing = withPool((_sql, answer) => answer(new Error('Connection terminated')));
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
    const ping = withPool(() => undefined).pingDatabase();
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
    const answering = withPool((_sql, answer) => setImmediate(answer));
    await expect(answering.databaseCheck()).resolves.toEqual({
      database: { status: 'up', responseTime: expect.any(Number) },
    });
  });
});
