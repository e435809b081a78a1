import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  SUBSCRIBER_STATUSES,
  type SubscriberImportResult,
  type SubscriberRecord,
} from '@leadpulse/common';
import { isEmail } from 'class-validator';
import { parse } from 'csv-parse/sync';
import { Readable } from 'node:stream';
import { DataSource, type SelectQueryBuilder } from 'typeorm';
import { AuditService } from '../audit/audit.service.js';
import { csvStringifier } from '../common/csv.js';
import { normaliseEmail } from '../common/email.js';
import { isFittingName } from '../common/validation.js';
import {
  containsPattern,
  idsFilter,
  searchFilter,
  textFilter,
  type ListOptions,
  type ListQuery,
} from '../common/list-query.js';
import type { AddSubscriberDto } from './dto/admin-subscriber.dto.js';
import {
  NewsletterSubscriptionEntity,
  SUBSCRIBER_SOURCES,
} from './newsletter-subscription.entity.js';
import { NEWSLETTER_ERRORS } from './newsletter.errors.js';
import { toSubscriberRecord } from './subscriber.mapper.js';

/** The subscribers list, and its export (which takes the same filters). */
export const NEWSLETTER_LIST: ListOptions = {
  sortable: ['created_at', 'email', 'status', 'source', 'confirmed_at', 'last_email_sent_at'],
  defaultSort: ['created_at', 'DESC'],
  filters: ['q', 'email', 'status', 'source'],
};

const EXPORT_BATCH = 1_000;
const EXPORT_COLUMNS = [
  'Email',
  'First Name',
  'Last Name',
  'Status',
  'Source',
  'Confirmed At',
  'Created At',
];

/** The CSV's records, headers read as snake_case ("First Name" is `first_name`); needs `email`. */
export function parseSubscribersCsv(csv: string): Record<string, string>[] {
  let records: Record<string, string>[];
  try {
    records = parse(csv, {
      columns: (header: string[]) =>
        header.map((name) => name.trim().toLowerCase().replace(/\s+/g, '_')),
      skip_empty_lines: true,
      trim: true,
    }) as Record<string, string>[];
  } catch {
    throw NEWSLETTER_ERRORS.invalidCsv();
  }
  if (records.length > 0 && !('email' in records[0])) throw NEWSLETTER_ERRORS.noEmailColumn();
  return records;
}

/** The back office's newsletter: list, add, import, export, unsubscribe and resubscribe, audited. */
@Injectable()
export class NewsletterAdminService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly audit: AuditService,
  ) {}

  /** Subscribers matching a list filter: `id`, `q` (the e-mail contains), `email`, `status`, `source`. */
  filtered(filter: ListQuery['filter']): SelectQueryBuilder<NewsletterSubscriptionEntity> {
    const builder = this.dataSource
      .getRepository(NewsletterSubscriptionEntity)
      .createQueryBuilder('n');
    const ids = idsFilter(filter.id);
    if (ids) builder.andWhere('n.id IN (:...ids)', { ids: ids.length ? ids : [null] });
    const q = searchFilter(filter);
    if (q) builder.andWhere('n.email ILIKE :q', { q: containsPattern(q) });
    const email = textFilter(filter, 'email');
    if (email !== undefined) builder.andWhere('n.email = :email', { email });
    const status = textFilter(filter, 'status');
    if (status !== undefined) {
      if (!(SUBSCRIBER_STATUSES as readonly string[]).includes(status))
        throw NEWSLETTER_ERRORS.unknownFilter('status', status);
      builder.andWhere('n.status = :status', { status });
    }
    const source = textFilter(filter, 'source');
    if (source !== undefined) {
      if (!(SUBSCRIBER_SOURCES as readonly string[]).includes(source))
        throw NEWSLETTER_ERRORS.unknownFilter('source', source);
      builder.andWhere('n.source = :source', { source });
    }
    return builder;
  }

  async find(id: string): Promise<SubscriberRecord<Date>> {
    const row = await this.dataSource.getRepository(NewsletterSubscriptionEntity).findOneBy({ id });
    if (!row) throw NEWSLETTER_ERRORS.subscriberNotFound();
    return toSubscriberRecord(row);
  }

  /** The filter's subscribers as CSV, newest first, read in batches so a big list streams. */
  exportCsv(filter: ListQuery['filter']): Readable {
    const query = this.filtered(filter);
    return Readable.from(this.exportRows(query)).pipe(csvStringifier(EXPORT_COLUMNS));
  }

  private async *exportRows(
    query: SelectQueryBuilder<NewsletterSubscriptionEntity>,
  ): AsyncGenerator<string[]> {
    let after: { created_at: Date; id: string } | undefined;
    for (;;) {
      const builder = query
        .clone()
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
  }

  /** Adds a subscriber by hand (source manual), confirmed. */
  async add(adminId: string, form: AddSubscriberDto): Promise<SubscriberRecord<Date>> {
    const email = normaliseEmail(form.email);
    return this.dataSource.transaction(async (manager) => {
      const repository = manager.getRepository(NewsletterSubscriptionEntity);
      if (await repository.existsBy({ email })) throw NEWSLETTER_ERRORS.alreadySubscribed();
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
        adminId,
        type: 'add_subscriber',
        details: {
          description: `Added ${email} to the newsletter`,
          old_values: null,
          new_values: { email, status: 'active', source: 'manual' },
        },
      });
      return toSubscriberRecord(row);
    });
  }

  /**
   * Imports subscribers from CSV (source import); existing e-mails are left as they are. One
   * audit row sums up the import, whatever its size.
   */
  async import(adminId: string, csv: string): Promise<SubscriberImportResult> {
    const records = parseSubscribersCsv(csv);
    const valid = records.filter(
      (record) =>
        isEmail(record.email ?? '') &&
        isFittingName(record.first_name ?? '') &&
        isFittingName(record.last_name ?? ''),
    );
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
        adminId,
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

  /** Unsubscribes or resubscribes; audited only when the status changes. */
  async setStatus(
    adminId: string,
    id: string,
    status: 'active' | 'unsubscribed',
  ): Promise<SubscriberRecord<Date>> {
    return this.dataSource.transaction(async (manager) => {
      const repository = manager.getRepository(NewsletterSubscriptionEntity);
      const row = await repository.findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!row) throw NEWSLETTER_ERRORS.subscriberNotFound();
      if (row.status !== status) {
        await repository.update(id, {
          status,
          ...(status === 'active' && !row.confirmed_at ? { confirmed_at: new Date() } : {}),
        });
        await this.audit.record(manager, {
          adminId,
          type: status === 'active' ? 'resubscribe' : 'unsubscribe',
          details: {
            description: `${status === 'active' ? 'Resubscribed' : 'Unsubscribed'} ${row.email}`,
            old_values: { status: row.status },
            new_values: { status },
          },
        });
      }
      return toSubscriberRecord(await repository.findOneByOrFail({ id }));
    });
  }
}
