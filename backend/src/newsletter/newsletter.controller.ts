import { Body, Controller, Post, Req, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { NewsletterDto, WaitlistDto } from './dto/subscribe.dto.js';
import { NewsletterService, type SubscribeResult } from './newsletter.service.js';

/** 201 for a new address, 200 when it was on the list already: either way, it is on the list. */
function answer(reply: FastifyReply, result: SubscribeResult): SubscribeResult {
  void reply.status(result.created ? 201 : 200);
  return result;
}

@ApiTags('newsletter')
@Controller()
export class NewsletterController {
  constructor(private readonly newsletter: NewsletterService) {}

  @Post('waitlist')
  @ApiCreatedResponse({ description: 'Added to the waitlist' })
  @ApiOkResponse({ description: 'Already on the list' })
  async waitlist(
    @Body() body: WaitlistDto,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return answer(
      reply,
      await this.newsletter.subscribe({ ...body, source: 'waitlist' }, request.ip),
    );
  }

  @Post('newsletter')
  @ApiCreatedResponse({ description: 'Subscribed' })
  @ApiOkResponse({ description: 'Already subscribed' })
  async subscribe(
    @Body() body: NewsletterDto,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return answer(
      reply,
      await this.newsletter.subscribe({ ...body, source: 'newsletter' }, request.ip),
    );
  }
}
