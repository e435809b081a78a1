import {
  Body,
  Controller,
  Get,
  HttpCode,
  Param,
  Post,
  Query,
  Res,
  StreamableFile,
  UseGuards,
} from '@nestjs/common';
import { ApiBearerAuth, ApiProperty, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { InjectDataSource } from '@nestjs/typeorm';
import { IsEmail, IsOptional, IsString, MaxLength, isEmail } from 'class-validator';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify';
import type { FastifyReply } from 'fastify';
import { Readable } from 'node:stream';
import { DataSource, type EntityManager } from 'typeorm';
import { AuditService } from '../audit/audit.service.js';
import type { AuthenticatedUser } from '../auth/auth-user.js';
import { normaliseEmail } from '../common/email.js';
import { AdminGuard, AdminWrite } from './admin-access.js';
import { CurrentUser } from '../auth/guards.js';
import { AppException } from '../common/app.exception.js';
import { isUuid } from '../common/ids.js';
import {
  NewsletterSubscriptionEntity,
  SUBSCRIBER_SOURCES,
  SUBSCRIBER_STATUSES,
} from '../newsletter/newsletter-subscription.entity.js';
import {
  containsPattern,
  idsFilter,
  parseListQuery,
  sendList,
  type ListQuery,
} from '../common/list-query.js';

export class AddSubscriberDto {
  @ApiProperty()
  @IsEmail({}, { message: 'Please enter a valid email address.' })
  @MaxLength(254)
  email: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(100) first_name?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(100) last_name?: string;
}

export class ImportSubscribersDto {
  /** CSV text with a header row: email (required), first_name, last_name. */
  @ApiProperty() @IsString() @MaxLength(90_000) csv: string;
}

const notFound = () => new AppException('not_found', 404, 'Subscriber not found.');
const EXPORT_BATCH = 1_000;

/** Newsletter subscribers (the waitlist included): list, add, import, export, unsubscribe, resubscribe. */
@ApiTags('admin')
@ApiBearerAuth()
@UseGuards(AdminGuard)
@Controller('admin/newsletter')
export class AdminNewsletterController {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly audit: AuditService,
  ) {}

  private filtered(filter: ListQuery['filter']) {
    const builder = this.dataSource
      .getRepository(NewsletterSubscriptionEntity)
      .createQueryBuilder('n');
    const ids = idsFilter(filter.id);
    if (ids) builder.andWhere('n.id IN (:...ids)', { ids: ids.length ? ids : [null] });
    const q = filter.q ?? filter.email;
    if (typeof q === 'string' && q.trim())
      builder.andWhere('n.email ILIKE :q', { q: containsPattern(q.trim()) });
    if (filter.status !== undefined) {
      if (!(SUBSCRIBER_STATUSES as readonly unknown[]).includes(filter.status))
        throw new AppException(
          'validation_failed',
          400,
          `Unknown status: ${String(filter.status)}.`,
        );
      builder.andWhere('n.status = :status', { status: filter.status });
    }
    if (filter.source !== undefined) {
      if (!(SUBSCRIBER_SOURCES as readonly unknown[]).includes(filter.source))
        throw new AppException(
          'validation_failed',
          400,
          `Unknown source: ${String(filter.source)}.`,
        );
      builder.andWhere('n.source = :source', { source: filter.source });
    }
    return builder;
  }

  @Get()
  async list(
    @Query() query: Record<string, unknown>,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<NewsletterSubscriptionEntity[]> {
    const list = parseListQuery(query, {
      sortable: ['created_at', 'email', 'status', 'source', 'confirmed_at', 'last_email_sent_at'],
      defaultSort: ['created_at', 'DESC'],
    });
    return sendList(reply, 'newsletter', this.filtered(list.filter), list);
  }

  /** newsletter.csv of the current filter, streamed. */
  @Get('export.csv')
  export(@Query() query: Record<string, unknown>): StreamableFile {
    const { filter } = parseListQuery(
      { filter: query.filter },
      { sortable: ['created_at'], defaultSort: ['created_at', 'DESC'] },
    );
    const rows = async function* (this: AdminNewsletterController) {
      let after: { created_at: Date; id: string } | undefined;
      for (;;) {
        const builder = this.filtered(filter)
          .orderBy('n.created_at', 'DESC')
          .addOrderBy('n.id', 'DESC')
          .limit(EXPORT_BATCH);
        if (after)
          builder.andWhere('(n.created_at, n.id) < (:createdAt, :id)', {
            createdAt: after.created_at,
            id: after.id,
          });
        const batch = await builder.getMany();
        for (const row of batch)
          yield [
            row.email,
            row.first_name ?? '',
            row.last_name ?? '',
            row.status,
            row.source,
            row.confirmed_at?.toISOString() ?? '',
            row.created_at.toISOString(),
          ];
        if (batch.length < EXPORT_BATCH) return;
        after = batch.at(-1)!;
      }
    }.call(this);
    return new StreamableFile(
      Readable.from(rows).pipe(
        stringify({
          header: true,
          columns: [
            'Email',
            'First Name',
            'Last Name',
            'Status',
            'Source',
            'Confirmed At',
            'Created At',
          ],
        }),
      ),
      { type: 'text/csv; charset=utf-8', disposition: 'attachment; filename="newsletter.csv"' },
    );
  }

  /** Adds a subscriber by hand (source manual). */
  @Post()
  @AdminWrite('add_subscriber')
  async add(
    @CurrentUser() admin: AuthenticatedUser,
    @Body() form: AddSubscriberDto,
  ): Promise<NewsletterSubscriptionEntity> {
    const email = normaliseEmail(form.email);
    return this.dataSource.transaction(async (manager) => {
      const repository = manager.getRepository(NewsletterSubscriptionEntity);
      if (await repository.existsBy({ email }))
        throw new AppException('already_subscribed', 409, 'This email is already on the list.');
      const row = await repository.save(
        repository.create({
          email,
          source: 'manual',
          status: 'active',
          first_name: form.first_name?.trim() || null,
          last_name: form.last_name?.trim() || null,
          confirmed_at: new Date(),
        }),
      );
      await this.audit.record(manager, {
        adminId: admin.userId!,
        type: 'add_subscriber',
        details: {
          description: `Added ${email} to the newsletter`,
          old_values: null,
          new_values: { email, status: 'active', source: 'manual' },
        },
      });
      return row;
    });
  }

  /** Imports subscribers from CSV (source import); existing e-mails are left as they are. */
  @Post('import')
  @AdminWrite('import_subscribers')
  @HttpCode(200)
  async import(
    @CurrentUser() admin: AuthenticatedUser,
    @Body() form: ImportSubscribersDto,
  ): Promise<{ imported: number; skipped: number; invalid: number }> {
    let records: Record<string, string>[];
    try {
      records = parse(form.csv, {
        columns: (header: string[]) =>
          header.map((name) => name.trim().toLowerCase().replace(/\s+/g, '_')),
        skip_empty_lines: true,
        trim: true,
      }) as Record<string, string>[];
    } catch {
      throw new AppException('invalid_csv', 400, 'The file is not valid CSV.');
    }
    if (records.length > 0 && !('email' in records[0]))
      throw new AppException('invalid_csv', 400, 'The CSV needs an email column.');
    const valid = records.filter((record) => isEmail(record.email ?? ''));
    return this.dataSource.transaction(async (manager) => {
      let imported = 0;
      for (const record of valid) {
        const rows = (await manager.query(
          `INSERT INTO newsletter_subscriptions (email, source, status, first_name, last_name, confirmed_at)
           VALUES ($1, 'import', 'active', $2, $3, now()) ON CONFLICT (email) DO NOTHING RETURNING id`,
          [normaliseEmail(record.email), record.first_name || null, record.last_name || null],
        )) as { id: string }[];
        imported += rows.length;
      }
      const result = {
        imported,
        skipped: valid.length - imported,
        invalid: records.length - valid.length,
      };
      await this.audit.record(manager, {
        adminId: admin.userId!,
        type: 'import_subscribers',
        details: {
          description: `Imported ${imported} subscriber(s) from CSV`,
          old_values: null,
          new_values: result,
        },
      });
      return result;
    });
  }

  @Post(':id/unsubscribe')
  @AdminWrite('unsubscribe')
  @HttpCode(200)
  unsubscribe(
    @CurrentUser() admin: AuthenticatedUser,
    @Param('id') id: string,
  ): Promise<NewsletterSubscriptionEntity> {
    return this.setStatus(admin, id, 'unsubscribed');
  }

  @Post(':id/resubscribe')
  @AdminWrite('resubscribe')
  @HttpCode(200)
  resubscribe(
    @CurrentUser() admin: AuthenticatedUser,
    @Param('id') id: string,
  ): Promise<NewsletterSubscriptionEntity> {
    return this.setStatus(admin, id, 'active');
  }

  private async setStatus(
    admin: AuthenticatedUser,
    id: string,
    status: 'active' | 'unsubscribed',
  ): Promise<NewsletterSubscriptionEntity> {
    if (!isUuid(id)) throw notFound();
    return this.dataSource.transaction(async (manager: EntityManager) => {
      const repository = manager.getRepository(NewsletterSubscriptionEntity);
      const row = await repository.findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!row) throw notFound();
      if (row.status !== status) {
        await repository.update(id, {
          status,
          ...(status === 'active' && !row.confirmed_at ? { confirmed_at: new Date() } : {}),
        });
        await this.audit.record(manager, {
          adminId: admin.userId!,
          type: status === 'active' ? 'resubscribe' : 'unsubscribe',
          details: {
            description: `${status === 'active' ? 'Resubscribed' : 'Unsubscribed'} ${row.email}`,
            old_values: { status: row.status },
            new_values: { status },
          },
        });
      }
      return repository.findOneByOrFail({ id });
    });
  }
}
