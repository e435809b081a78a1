import { Controller, Headers, HttpCode, Post, Req, type RawBodyRequest } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiForbiddenResponse,
  ApiOkResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { SendGridEventsService } from './sendgrid-events.service.js';

@ApiTags('webhooks')
@Controller('webhooks')
export class SendGridEventsController {
  constructor(private readonly events: SendGridEventsService) {}

  @Post('sendgrid')
  @HttpCode(200)
  @ApiOkResponse({ description: 'Applied: bounces and complaints change the subscriber' })
  @ApiBadRequestResponse({
    description:
      '`invalid_signature`, `stale_timestamp` (over 5 minutes off), or not a list of events',
  })
  @ApiForbiddenResponse({ description: '`webhook_not_configured`: no SENDGRID_WEBHOOK_PUBLIC_KEY' })
  receive(
    @Req() request: RawBodyRequest<FastifyRequest>,
    @Headers('x-twilio-email-event-webhook-signature') signature: string | undefined,
    @Headers('x-twilio-email-event-webhook-timestamp') timestamp: string | undefined,
  ): Promise<{ applied: number }> {
    return this.events.receive(request.rawBody, signature, timestamp);
  }
}
