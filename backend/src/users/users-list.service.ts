import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Readable } from 'node:stream';
import { Brackets, DataSource, type SelectQueryBuilder } from 'typeorm';
import {
  displayStatus,
  planBadge,
  type AdminUserRecord,
  type UserSegment,
} from '@leadpulse/common';
import { csvStringifier } from '../common/csv.js';
import {
  booleanFilter,
  containsPattern,
  idsFilter,
  searchFilter,
  textFilter,
  type ListQuery,
} from '../common/list-query.js';
import { readPaymentIssue } from '../billing/dunning/payment-issue.js';
import { LeadMemberDataService } from '../leads/member-data/lead-member-data.service.js';
import { RolesService } from '../roles/roles.service.js';
import { findUser } from './find-user.js';
import { UserEntity } from './user.entity.js';
import { usersErrors } from './users.errors.js';
import { toMemberView } from './users.service.js';

export const USER_SORTABLE = [
  'created_at',
  'updated_at',
  'email',
  'first_name',
  'last_name',
  'status',
  'subscription_plan',
] as const;

/** The users list's filters: the search, the spec's segment, and equality on a few fields. */
export const USER_FILTERS = [
  'q',
  'segment',
  'email',
  'status',
  'subscription_plan',
  'subscription_status',
  'is_admin',
  'founding_member',
] as const;

const EXPORT_BATCH = 1_000;

/** A user as the back office shows one: the member's view and, for an administrator, the roles. */
export type AdminUserView = AdminUserRecord<Date>;

/** The back office's users list: search and filters, one user with their roles, users.csv. */
@Injectable()
export class UsersListService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly roles: RolesService,
    private readonly leadData: LeadMemberDataService,
  ) {}

  /** The users matching a list filter (USER_FILTERS). */
  filtered(filter: Record<string, unknown>): SelectQueryBuilder<UserEntity> {
    const builder = this.dataSource.getRepository(UserEntity).createQueryBuilder('u');
    const ids = idsFilter(filter.id);
    if (ids) builder.andWhere('u.id IN (:...ids)', { ids: ids.length ? ids : [null] });
    const q = searchFilter(filter);
    if (q)
      builder.andWhere(
        new Brackets((where) =>
          where
            // As text: the trigram index is on text; citext's own ILIKE cannot use it.
            .where('u.email::text ILIKE :q', { q: containsPattern(q) })
            .orWhere('u.first_name ILIKE :q')
            .orWhere('u.last_name ILIKE :q'),
        ),
      );
    const segment = textFilter(filter, 'segment') as UserSegment | 'all' | undefined;
    switch (segment) {
      case undefined:
      case 'all':
        break;
      case 'admins':
        builder.andWhere('u.is_admin = true');
        break;
      case 'founding_members':
        builder.andWhere('u.founding_member = true');
        break;
      case 'active':
      case 'paid':
      case 'pending':
      case 'inactive':
        builder.andWhere('u.status = :segment', { segment });
        break;
      case 'past_due':
        // Those the dashboard counts: a subscription of theirs is past due.
        builder.andWhere(
          `EXISTS (SELECT 1 FROM subscriptions s WHERE s.user_id = u.id AND s.status = 'past_due')`,
        );
        break;
      default:
        throw usersErrors.unknownFilter(segment);
    }
    for (const field of ['email', 'status', 'subscription_plan', 'subscription_status'] as const) {
      const value = textFilter(filter, field);
      if (value !== undefined) builder.andWhere(`u.${field} = :${field}`, { [field]: value });
    }
    for (const field of ['is_admin', 'founding_member'] as const) {
      const value = booleanFilter(filter, field);
      if (value !== undefined) builder.andWhere(`u.${field} = :${field}`, { [field]: value });
    }
    return builder;
  }

  /**
   * One user with the roles they hold as an administrator (none once no longer one) and the
   * renewal they have not paid, if any, as their member area shows it.
   */
  async get(id: string): Promise<AdminUserView> {
    const user = await findUser(this.dataSource.manager, id);
    const roles = user.is_admin ? (await this.roles.rolesOf([id])).get(id)! : [];
    return {
      ...toMemberView(user),
      roles,
      payment_issue: await readPaymentIssue(this.dataSource, user),
      lead_usage: await this.leadData.usageFor(id),
    };
  }

  /**
   * users.csv for the current search and filter, read in keyset batches: memory stays flat. The
   * filter is checked before the stream starts, so a bad one is refused rather than cutting it.
   */
  exportCsv(query: Pick<ListQuery, 'filter'>): Readable {
    const matching = this.filtered(query.filter);
    const rows = async function* () {
      let after: { created_at: Date; id: string } | undefined;
      for (;;) {
        const builder = matching
          .clone()
          .select([
            'u.id',
            'u.email',
            'u.first_name',
            'u.last_name',
            'u.is_admin',
            'u.founding_member',
            'u.subscription_plan',
            'u.status',
            'u.stripe_customer_id',
            'u.password_set',
            'u.created_at',
          ])
          .orderBy('u.created_at', 'DESC')
          .addOrderBy('u.id', 'DESC')
          .limit(EXPORT_BATCH);
        if (after)
          builder.andWhere('(u.created_at, u.id) < (:createdAt, :id)', {
            createdAt: after.created_at,
            id: after.id,
          });
        const batch = await builder.getMany();
        for (const user of batch)
          yield [
            user.email,
            `${user.first_name} ${user.last_name}`.trim() || 'N/A',
            user.is_admin ? 'Admin' : 'User',
            planBadge(user).label,
            displayStatus(user),
            user.created_at.toISOString().slice(0, 10),
          ];
        if (batch.length < EXPORT_BATCH) return;
        after = batch.at(-1)!;
      }
    };
    return Readable.from(rows()).pipe(
      csvStringifier(['Email', 'Name', 'Role', 'Subscription', 'Status', 'Joined']),
    );
  }
}
