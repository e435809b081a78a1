import { Body, Controller, Get, Post, Put, Query, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiTags } from '@nestjs/swagger';
import type { PromotionRecord } from '@leadpulse/common';
import type { FastifyReply } from 'fastify';
import { AdminGuard, AdminWrite } from '../auth/admin-access.js';
import type { AuthenticatedUser } from '../auth/auth-user.js';
import { CurrentUser } from '../auth/guards.js';
import { IdParam } from '../common/id-param.js';
import { parseListQuery, sendList } from '../common/list-query.js';
import { ListQueryDto } from '../common/list-query.dto.js';
import { editOf } from '../common/record-edit.js';
import { CreatePromotionDto, UpdatePromotionDto } from './dto/promotion.dto.js';
import { toPromotionRecord } from './promotion.mapper.js';
import { PROMOTION_NOT_FOUND, PROMOTIONS_ERRORS } from './promotions.errors.js';
import { PromotionsService } from './promotions.service.js';
import { ApiErrors } from '../api-docs/error-responses.js';

/** Promotions: codes buyers enter at checkout, each a Stripe coupon with a promotion code. */
@ApiTags('admin')
@ApiBearerAuth()
@UseGuards(AdminGuard)
@Controller('admin/promotions')
export class AdminPromotionsController {
  constructor(private readonly promotions: PromotionsService) {}

  @Get()
  async list(
    @Query() query: ListQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<PromotionRecord<Date>[]> {
    const list = parseListQuery(query, {
      sortable: [
        'created_at',
        'name',
        'code',
        'type',
        'value',
        'current_uses',
        'active',
        'expires_at',
      ],
      defaultSort: ['created_at', 'DESC'],
      filters: ['q', 'code', 'active'],
    });
    const rows = await sendList(reply, 'promotions', this.promotions.filtered(list.filter), list);
    return rows.map(toPromotionRecord);
  }

  @Get(':id')
  get(@IdParam(PROMOTION_NOT_FOUND) id: string): Promise<PromotionRecord<Date>> {
    return this.promotions.get(id);
  }

  @ApiErrors(PROMOTIONS_ERRORS.codeTaken, PROMOTIONS_ERRORS.stripeFailed)
  @Post()
  @AdminWrite('create_promotion')
  create(
    @CurrentUser() admin: AuthenticatedUser,
    @Body() form: CreatePromotionDto,
  ): Promise<PromotionRecord<Date>> {
    return this.promotions.create(admin.userId!, form);
  }

  /**
   * Name and Active change in place; a new code, value, limit or expiry makes a new Stripe code.
   * The whole record may be sent back: only what differs from it is an edit.
   */
  @ApiErrors(PROMOTIONS_ERRORS.codeTaken, PROMOTIONS_ERRORS.stripeFailed)
  @Put(':id')
  @AdminWrite('update_promotion')
  @ApiBody({ type: UpdatePromotionDto })
  async update(
    @CurrentUser() admin: AuthenticatedUser,
    @IdParam(PROMOTION_NOT_FOUND) id: string,
    @Body() body: unknown,
  ): Promise<PromotionRecord<Date>> {
    const form = await editOf(UpdatePromotionDto, body, () => this.promotions.get(id));
    return this.promotions.update(admin.userId!, id, form);
  }
}
