import { Controller, Get, Res } from '@nestjs/common';
import { ApiOkResponse, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { ERROR_SCHEMA_NAME } from '../api-docs/error-responses.js';
import type { HealthReport } from '@leadpulse/common';
import { HealthService } from './health.service.js';

/** HealthReport, as the API document describes it. */
const REPORT = {
  type: 'object',
  required: ['status', 'checks', 'version', 'uptime_seconds', 'timestamp'],
  properties: {
    status: { type: 'string', enum: ['healthy', 'degraded', 'unhealthy', 'unknown'] },
    checks: {
      type: 'object',
      additionalProperties: {
        type: 'object',
        required: ['status'],
        properties: {
          status: { type: 'string', enum: ['healthy', 'degraded', 'unhealthy'] },
          responseTime: { type: 'number' },
          message: { type: 'string' },
        },
      },
    },
    version: { type: 'string' },
    uptime_seconds: { type: 'number' },
    timestamp: { type: 'string', format: 'date-time' },
  },
};
/** Unhealthy: the report, or the error shape when the database is down before the check runs. */
const UNHEALTHY = {
  description: 'Unhealthy; the failing check is named',
  schema: { oneOf: [REPORT, { $ref: `#/components/schemas/${ERROR_SCHEMA_NAME}` }] },
};

/** 503 when unhealthy, so that load balancers and probes can read the status code alone. */
export function sendHealth(reply: FastifyReply, report: HealthReport): HealthReport {
  void reply.status(report.status === 'unhealthy' ? 503 : 200);
  return report;
}

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(private readonly health: HealthService) {}

  @Get()
  @ApiOkResponse({ description: 'Healthy or degraded, with every check', schema: REPORT })
  @ApiServiceUnavailableResponse(UNHEALTHY)
  async overall(@Res({ passthrough: true }) reply: FastifyReply): Promise<HealthReport> {
    return sendHealth(reply, await this.health.overall());
  }

  @Get('email')
  @ApiOkResponse({
    description: 'The e-mail provider and the outbox backlog; degraded when e-mail is behind',
    schema: REPORT,
  })
  @ApiServiceUnavailableResponse(UNHEALTHY)
  async email(@Res({ passthrough: true }) reply: FastifyReply): Promise<HealthReport> {
    return sendHealth(reply, await this.health.email());
  }

  @Get('stripe')
  @ApiOkResponse({
    description: 'Whether the configured Stripe (or the local sandbox) answers; degraded when not',
    schema: REPORT,
  })
  @ApiServiceUnavailableResponse(UNHEALTHY)
  async stripe(@Res({ passthrough: true }) reply: FastifyReply): Promise<HealthReport> {
    return sendHealth(reply, await this.health.stripe());
  }

  @Get('database')
  @ApiOkResponse({ description: 'The database answered a ping', schema: REPORT })
  @ApiServiceUnavailableResponse({ ...UNHEALTHY, description: 'The database did not answer' })
  async database(@Res({ passthrough: true }) reply: FastifyReply): Promise<HealthReport> {
    return sendHealth(reply, await this.health.database());
  }
}
