import {
  Body,
  Controller,
  Get,
  HttpCode,
  Post,
  Query,
  Res,
  StreamableFile,
  UseGuards,
} from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { SubscriberImportResult, SubscriberRecord } from '@leadpulse/common';
import type { FastifyReply } from 'fastify';
import { AdminGuard, AdminWrite } from '../auth/admin-access.js';
import type { AuthenticatedUser } from '../auth/auth-user.js';
import { CurrentUser } from '../auth/guards.js';
import { IdParam } from '../common/id-param.js';
import { parseListQuery, sendList } from '../common/list-query.js';
import { ExportQueryDto, ListQueryDto } from '../common/list-query.dto.js';
import { AddSubscriberDto, ImportSubscribersDto } from './dto/admin-subscriber.dto.js';
import { NEWSLETTER_LIST, NewsletterAdminService } from './newsletter-admin.service.js';
import { toSubscriberRecord } from './subscriber.mapper.js';
import { SUBSCRIBER_NOT_FOUND, NEWSLETTER_ERRORS } from './newsletter.errors.js';
import { ApiErrors } from '../api-docs/error-responses.js';

/** Newsletter subscribers (the waitlist included): list, add, import, export, unsubscribe, resubscribe. */
@ApiTags('admin')
@ApiBearerAuth()
@UseGuards(AdminGuard)
@Controller('admin/newsletter')
export class AdminNewsletterController {
  constructor(private readonly newsletter: NewsletterAdminService) {}

  @Get()
  async list(
    @Query() query: ListQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<SubscriberRecord<Date>[]> {
    const list = parseListQuery(query, NEWSLETTER_LIST);
    const rows = await sendList(reply, 'newsletter', this.newsletter.filtered(list.filter), list);
    return rows.map(toSubscriberRecord);
  }

  /** newsletter.csv of the current filter, streamed. */
  @Get('export.csv')
  export(@Query() query: ExportQueryDto): StreamableFile {
    const { filter } = parseListQuery({ filter: query.filter }, NEWSLETTER_LIST);
    return new StreamableFile(this.newsletter.exportCsv(filter), {
      type: 'text/csv; charset=utf-8',
      disposition: 'attachment; filename="newsletter.csv"',
    });
  }

  /** One subscriber, as a row of the list. */
  @Get(':id')
  get(@IdParam(SUBSCRIBER_NOT_FOUND) id: string): Promise<SubscriberRecord<Date>> {
    return this.newsletter.find(id);
  }

  /** Adds a subscriber by hand (source manual). */
  @ApiErrors(NEWSLETTER_ERRORS.alreadySubscribed)
  @Post()
  @AdminWrite('add_subscriber')
  add(
    @CurrentUser() admin: AuthenticatedUser,
    @Body() form: AddSubscriberDto,
  ): Promise<SubscriberRecord<Date>> {
    return this.newsletter.add(admin.userId!, form);
  }

  /** Imports subscribers from CSV (source import); existing e-mails are left as they are. */
  @ApiErrors(NEWSLETTER_ERRORS.invalidCsv)
  @Post('import')
  @AdminWrite('import_subscribers')
  @HttpCode(200)
  import(
    @CurrentUser() admin: AuthenticatedUser,
    @Body() form: ImportSubscribersDto,
  ): Promise<SubscriberImportResult> {
    return this.newsletter.import(admin.userId!, form.csv);
  }

  @Post(':id/unsubscribe')
  @AdminWrite('unsubscribe')
  @HttpCode(200)
  unsubscribe(
    @CurrentUser() admin: AuthenticatedUser,
    @IdParam(SUBSCRIBER_NOT_FOUND) id: string,
  ): Promise<SubscriberRecord<Date>> {
    return this.newsletter.setStatus(admin.userId!, id, 'unsubscribed');
  }

  @Post(':id/resubscribe')
  @AdminWrite('resubscribe')
  @HttpCode(200)
  resubscribe(
    @CurrentUser() admin: AuthenticatedUser,
    @IdParam(SUBSCRIBER_NOT_FOUND) id: string,
  ): Promise<SubscriberRecord<Date>> {
    return this.newsletter.setStatus(admin.userId!, id, 'active');
  }
}
