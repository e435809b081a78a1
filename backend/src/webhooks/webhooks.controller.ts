import { Controller, Headers, HttpCode, Post, Req, type RawBodyRequest } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { StripeEventsService } from './stripe-events.service.js';

@ApiTags('webhooks')
@Controller('webhooks')
export class WebhooksController {
  constructor(private readonly events: StripeEventsService) {}

  /** Answers 200 as soon as the event is stored; a job processes it. */
  @Post('stripe')
  @HttpCode(200)
  @ApiOkResponse({ description: 'Stored (or already stored)' })
  async stripe(
    @Req() request: RawBodyRequest<FastifyRequest>,
    @Headers('stripe-signature') signature: string | undefined,
  ): Promise<{ received: true }> {
    await this.events.receive(request.rawBody, signature);
    return { received: true };
  }
}
