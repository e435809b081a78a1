import { Controller, Get, HttpCode, Param, Post, Query, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { InjectDataSource } from '@nestjs/typeorm';
import type { FastifyReply } from 'fastify';
import { DataSource } from 'typeorm';
import { AuditService } from '../audit/audit.service.js';
import type { AuthenticatedUser } from '../auth/auth-user.js';
import { AdminGuard, AdminWrite } from './admin-access.js';
import { CurrentUser } from '../auth/guards.js';
import { AppException } from '../common/app.exception.js';
import { EmailEntity } from '../mail/email.entity.js';
import { isTemplateName, type RenderedEmail } from '../mail/mail-templates.js';
import { MailService } from '../mail/mail.service.js';
import { containsPattern, idsFilter, parseListQuery, sendList } from '../common/list-query.js';
import { isUuid } from '../common/ids.js';

const notFound = () => new AppException('not_found', 404, 'E-mail not found.');

/** The e-mail log: the outbox, each e-mail rendered on demand, and Resend. */
@ApiTags('admin')
@ApiBearerAuth()
@UseGuards(AdminGuard)
@Controller('admin/emails')
export class AdminEmailsController {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly mail: MailService,
    private readonly audit: AuditService,
  ) {}

  @Get()
  async list(
    @Query() query: Record<string, unknown>,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<EmailEntity[]> {
    const list = parseListQuery(query, {
      sortable: ['created_at', 'sent_at', 'to_email', 'template', 'status', 'attempts'],
      defaultSort: ['created_at', 'DESC'],
    });
    const builder = this.dataSource.getRepository(EmailEntity).createQueryBuilder('e');
    const ids = idsFilter(list.filter.id);
    if (ids) builder.andWhere('e.id IN (:...ids)', { ids: ids.length ? ids : [null] });
    const recipient = list.filter.q ?? list.filter.to_email;
    if (typeof recipient === 'string' && recipient.trim())
      builder.andWhere('e.to_email ILIKE :recipient', {
        recipient: containsPattern(recipient.trim()),
      });
    for (const field of ['status', 'template'] as const)
      if (typeof list.filter[field] === 'string')
        builder.andWhere(`e.${field} = :${field}`, { [field]: list.filter[field] });
    if (list.filter.user_id !== undefined && idsFilter(list.filter.user_id))
      builder.andWhere('e.user_id = :userId', { userId: list.filter.user_id });
    return sendList(reply, 'emails', builder, list);
  }

  /** The e-mail with its rendered subject, HTML and text. */
  @Get(':id')
  async get(@Param('id') id: string): Promise<EmailEntity & { rendered: RenderedEmail | null }> {
    if (!isUuid(id)) throw notFound();
    const email = await this.dataSource.getRepository(EmailEntity).findOneBy({ id });
    if (!email) throw notFound();
    return {
      ...email,
      rendered: isTemplateName(email.template)
        ? this.mail.render(email.template, email.data, email.to_email)
        : null,
    };
  }

  @Post(':id/resend')
  @AdminWrite('resend_email')
  @HttpCode(200)
  async resend(
    @CurrentUser() admin: AuthenticatedUser,
    @Param('id') id: string,
  ): Promise<EmailEntity> {
    if (!isUuid(id)) throw notFound();
    return this.mail.resend(id, (manager, copy) =>
      this.audit.record(manager, {
        adminId: admin.userId!,
        type: 'resend_email',
        targetUserId: copy.user_id,
        details: {
          description: `Resent ${copy.template} e-mail to ${copy.to_email}`,
          old_values: { email_id: id },
          new_values: { email_id: copy.id },
        },
      }),
    );
  }
}
