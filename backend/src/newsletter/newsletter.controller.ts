import { Body, Controller, HttpCode, Post, Query, Req, Res } from '@nestjs/common';
import { ApiBadRequestResponse, ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  NewsletterDto,
  NewsletterTokenDto,
  UnsubscribeBodyDto,
  UnsubscribeQueryDto,
  WaitlistDto,
} from './dto/subscribe.dto.js';
import { NEWSLETTER_ERRORS } from './newsletter.errors.js';
import type { LinkResult, SubscribeResult } from '@leadpulse/common';
import { NewsletterService } from './newsletter.service.js';
import { ApiErrors, RATE_LIMITED } from '../api-docs/error-responses.js';

/** 201 for a new address, 200 when it was on the list already: either way, it is on the list. */
function answer(reply: FastifyReply, result: SubscribeResult): SubscribeResult {
  void reply.status(result.created ? 201 : 200);
  return result;
}

@ApiTags('newsletter')
@Controller()
export class NewsletterController {
  constructor(private readonly newsletter: NewsletterService) {}

  @ApiErrors(RATE_LIMITED, NEWSLETTER_ERRORS.invalidEmail)
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

  @ApiErrors(RATE_LIMITED, NEWSLETTER_ERRORS.invalidEmail)
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

  @ApiErrors(RATE_LIMITED, NEWSLETTER_ERRORS.invalidLink)
  @Post('newsletter/confirm')
  @HttpCode(200)
  @ApiOkResponse({ description: 'The address is confirmed and active' })
  @ApiBadRequestResponse({
    description: '`invalid_token`: tampered, expired, or no longer pending',
  })
  confirm(@Body() body: NewsletterTokenDto, @Req() request: FastifyRequest): Promise<LinkResult> {
    return this.newsletter.confirm(body.token, request.ip);
  }

  @ApiErrors(RATE_LIMITED, NEWSLETTER_ERRORS.invalidLink)
  @Post('newsletter/unsubscribe')
  @HttpCode(200)
  @ApiOkResponse({ description: 'The address receives no more news' })
  @ApiBadRequestResponse({ description: '`invalid_token`, or no token' })
  unsubscribe(
    @Body() body: UnsubscribeBodyDto = {},
    @Query() query: UnsubscribeQueryDto,
    @Req() request: FastifyRequest,
  ): Promise<LinkResult> {
    const token = body.token ?? query.token;
    if (!token) throw NEWSLETTER_ERRORS.tokenRequired();
    return this.newsletter.unsubscribe(token, request.ip);
  }
}
