import { Controller, Get, Headers, Res } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { METRICS_ERRORS } from './metrics.errors.js';
import { AppConfig } from '../config/app-config.js';
import { MetricsService } from './metrics.service.js';

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();
// Digests of equal length whatever the input: no length leak, no throw on multi-byte characters.
const same = (a: string, b: string) => timingSafeEqual(digest(a), digest(b));

@ApiTags('metrics')
@Controller('metrics')
export class MetricsController {
  constructor(
    private readonly metrics: MetricsService,
    private readonly config: AppConfig,
  ) {}

  /** Prometheus text format; needs `Authorization: Bearer $METRICS_TOKEN` when that is set. */
  @Get()
  @ApiOkResponse({ description: 'Prometheus exposition format' })
  async scrape(
    @Headers('authorization') authorization: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const token = this.config.metricsToken;
    if (token && !same(authorization ?? '', `Bearer ${token}`))
      throw METRICS_ERRORS.tokenRequired();
    void reply.header('content-type', this.metrics.registry.contentType);
    return this.metrics.registry.metrics();
  }
}
