import {
  Body,
  Controller,
  Get,
  HttpCode,
  Param,
  ParseUUIDPipe,
  Post,
  Req,
  UseGuards,
} from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import type { AuthenticatedUser } from '../auth/auth-user.js';
import { OptionalJwtAuthGuard } from '../auth/guards.js';
import { FoundingCheckoutDto } from './dto/checkout.dto.js';
import { FoundingService } from './founding.service.js';
import { ApiErrors, RATE_LIMITED } from '../api-docs/error-responses.js';
import { FOUNDING_ERRORS } from './founding.errors.js';

@ApiTags('founding')
@Controller('founding')
export class FoundingController {
  constructor(private readonly founding: FoundingService) {}

  @Get('availability')
  availability() {
    return this.founding.availability();
  }

  /** With a member's token, the member's own account buys. */
  @ApiErrors(
    RATE_LIMITED,
    { status: 401, code: 'unauthorized' },
    FOUNDING_ERRORS.alreadyActive,
    FOUNDING_ERRORS.soldOut,
    FOUNDING_ERRORS.tooManyHolds,
    { status: 502, code: 'checkout_failed' },
  )
  @Post('checkout')
  @UseGuards(OptionalJwtAuthGuard)
  checkout(
    @Body() body: FoundingCheckoutDto,
    @Req() request: FastifyRequest & { user?: AuthenticatedUser },
  ) {
    return this.founding.checkout(body, request.ip, request.user?.accountId);
  }

  /** The cancel URL's landing: frees the spot of a checkout the buyer abandoned. */
  @Post('reservations/:id/cancel')
  @HttpCode(204)
  cancel(@Param('id', new ParseUUIDPipe()) id: string): Promise<void> {
    return this.founding.cancel(id);
  }

  @Get('session/:id')
  session(@Param('id') id: string) {
    return this.founding.session(id);
  }
}
