import { Controller, Get, Res } from '@nestjs/common';
import { ApiOkResponse, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { HealthService, type HealthReport } from './health.service.js';

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
  @ApiOkResponse({ description: 'Healthy or degraded, with every check' })
  @ApiServiceUnavailableResponse({ description: 'Unhealthy; the failing check is named' })
  async overall(@Res({ passthrough: true }) reply: FastifyReply): Promise<HealthReport> {
    return sendHealth(reply, await this.health.overall());
  }

  @Get('email')
  @ApiOkResponse({
    description: 'The e-mail provider and the outbox backlog; degraded when e-mail is behind',
  })
  async email(@Res({ passthrough: true }) reply: FastifyReply): Promise<HealthReport> {
    return sendHealth(reply, await this.health.email());
  }

  @Get('stripe')
  @ApiOkResponse({
    description: 'Whether the configured Stripe (or the local sandbox) answers; degraded when not',
  })
  async stripe(@Res({ passthrough: true }) reply: FastifyReply): Promise<HealthReport> {
    return sendHealth(reply, await this.health.stripe());
  }

  @Get('database')
  @ApiOkResponse({ description: 'The database answered a ping' })
  @ApiServiceUnavailableResponse({ description: 'The database did not answer' })
  async database(@Res({ passthrough: true }) reply: FastifyReply): Promise<HealthReport> {
    return sendHealth(reply, await this.health.database());
  }
}
