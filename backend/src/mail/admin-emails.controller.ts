import { Controller, Get, HttpCode, Post, Query, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { EmailDetail, EmailRecord } from '@leadpulse/common';
import type { FastifyReply } from 'fastify';
import { AdminGuard, AdminWrite } from '../auth/admin-access.js';
import type { AuthenticatedUser } from '../auth/auth-user.js';
import { CurrentUser } from '../auth/guards.js';
import { IdParam } from '../common/id-param.js';
import { parseListQuery, sendList } from '../common/list-query.js';
import { ListQueryDto } from '../common/list-query.dto.js';
import { toEmailRecord } from './email.mapper.js';
import { EMAIL_NOT_FOUND } from './mail.errors.js';
import { MailService } from './mail.service.js';
import { ApiErrors } from '../api-docs/error-responses.js';

/** The e-mail log: the outbox, each e-mail rendered on demand, and Resend; link tokens always masked. */
@ApiTags('admin')
@ApiBearerAuth()
@UseGuards(AdminGuard)
@Controller('admin/emails')
export class AdminEmailsController {
  constructor(private readonly mail: MailService) {}

  @Get()
  async list(
    @Query() query: ListQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<EmailRecord<Date>[]> {
    const list = parseListQuery(query, {
      sortable: ['created_at', 'sent_at', 'to_email', 'template', 'status', 'attempts'],
      defaultSort: ['created_at', 'DESC'],
      filters: ['q', 'to_email', 'status', 'template', 'user_id'],
    });
    const rows = await sendList(reply, 'emails', this.mail.filtered(list.filter), list);
    return rows.map(toEmailRecord);
  }

  /** The e-mail with its rendered subject, HTML and text, links masked. */
  @Get(':id')
  get(@IdParam(EMAIL_NOT_FOUND) id: string): Promise<EmailDetail<Date>> {
    return this.mail.findMasked(id);
  }

  @ApiErrors({ status: 409, code: 'already_confirmed' })
  @Post(':id/resend')
  @AdminWrite('resend_email', 'email')
  @HttpCode(200)
  resend(
    @CurrentUser() admin: AuthenticatedUser,
    @IdParam(EMAIL_NOT_FOUND) id: string,
  ): Promise<EmailRecord<Date>> {
    return this.mail.resend(id, admin.userId!);
  }
}
