import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { ExportedActivity, ExportedEmail, MemberExport } from '@leadpulse/common';
import { LeadMemberDataService } from '../leads/member-data/lead-member-data.service.js';
import { RateLimitService } from '../rate-limit/rate-limit.service.js';
import { findUserByAccount } from './find-user.js';

/** A row of the member's e-mails as the export reads it. */
interface EmailRow {
  subject: string;
  template: string;
  status: string;
  date: Date;
}

/** A row of the audit trail about the member as the export reads it. */
interface ActivityRow {
  action_type: string;
  description: string | null;
  created_at: Date;
  by: string;
}

export function mapExportedEmail(row: EmailRow): ExportedEmail {
  return {
    subject: row.subject,
    template: row.template,
    status: row.status,
    date: new Date(row.date).toISOString(),
  };
}

export function mapExportedActivity(row: ActivityRow): ExportedActivity {
  return {
    action: row.action_type,
    description: row.description,
    by: row.by,
    date: new Date(row.created_at).toISOString(),
  };
}

/** Internal keys a member has no use for (ours, or Stripe's for their objects). */
const INTERNAL = new Set(['id', 'user_id', 'auth_user_id']);
const withoutInternal = (row: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(row).filter(([key]) => !INTERNAL.has(key)));

@Injectable()
export class MemberExportService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly limits: RateLimitService,
    private readonly leadData: LeadMemberDataService,
  ) {}

  /** The member's data as one JSON document, read in one snapshot; rate limited per account. */
  async export(accountId: string): Promise<MemberExport> {
    await this.limits.consumeForAccount('export', accountId);
    return this.dataSource.transaction('REPEATABLE READ', async (manager) => {
      const user = await findUserByAccount(manager, accountId);
      const query = <Row = Record<string, unknown>>(
        sql: string,
        parameters: unknown[],
      ): Promise<Row[]> => manager.query(sql, parameters);
      const [newsletter] = await query(
        `SELECT email, status, source, first_name, last_name, confirmed_at, created_at
           FROM newsletter_subscriptions WHERE email = $1`,
        [user.email],
      );
      const subscriptions = await query(
        `SELECT plan_name, plan_type, status, amount_cents, current_period_end,
                cancel_at_period_end, canceled_at, created_at
           FROM subscriptions WHERE user_id = $1 ORDER BY created_at`,
        [user.id],
      );
      const payments = await query(
        `SELECT amount_cents, amount_refunded_cents, currency, status, description, receipt_url,
                paid_at, created_at
           FROM transactions WHERE user_id = $1 ORDER BY created_at`,
        [user.id],
      );
      const methods = await query(
        `SELECT card_brand, card_last4, card_exp_month, card_exp_year, is_default
           FROM payment_methods WHERE user_id = $1 ORDER BY created_at`,
        [user.id],
      );
      const emails = await query<EmailRow>(
        `SELECT subject, template, status, COALESCE(sent_at, created_at) AS date
           FROM emails WHERE user_id = $1 OR to_email = $2 ORDER BY created_at`,
        [user.id, user.email],
      );
      const activity = await query<ActivityRow>(
        `SELECT a.action_type, a.details->>'description' AS description, a.created_at,
                CASE WHEN a.admin_id IS NULL THEN 'system'
                     WHEN a.admin_id = a.target_user_id THEN 'you'
                     ELSE 'an administrator' END AS by
           FROM admin_actions a WHERE a.target_user_id = $1 ORDER BY a.created_at`,
        [user.id],
      );
      const leads = await this.leadData.exportFor(manager, user.id);
      const { notification_preferences: notifications, ...profile } = user as unknown as Record<
        string,
        unknown
      >;
      return {
        exported_at: new Date().toISOString(),
        profile: withoutInternal(profile),
        preferences: { notifications, newsletter: newsletter ?? null },
        subscriptions,
        payments,
        payment_methods: methods,
        emails: emails.map(mapExportedEmail),
        activity: activity.map(mapExportedActivity),
        leads,
      };
    });
  }
}
