import { Controller, Get, UseGuards } from '@nestjs/common';
import type { AdminStats } from '@leadpulse/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AdminGuard } from '../auth/admin-access.js';
import { LeadMemberDataService } from '../leads/member-data/lead-member-data.service.js';
import { RevenueMetricsService, type RevenueStats } from '../revenue/revenue-metrics.service.js';

@ApiTags('admin')
@ApiBearerAuth()
@UseGuards(AdminGuard)
@Controller('admin/stats')
export class AdminStatsController {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly revenue: RevenueMetricsService,
    private readonly leads: LeadMemberDataService,
  ) {}

  /**
   * The dashboard's seven cards, as the spec counts them (Active Promos really computed), and the
   * revenue cards: MRR, ARR, past due, at-risk revenue and the last 30 days' churn.
   */
  @Get()
  async stats(): Promise<AdminStats> {
    const [row] = (await this.dataSource.query(`
      SELECT
        (SELECT count(*) FROM users)::int AS total_users,
        (SELECT count(*) FROM subscriptions WHERE status = 'active')::int AS active_subscriptions,
        (SELECT coalesce(sum(amount_cents), 0) FROM subscriptions WHERE status = 'active')::bigint AS total_revenue_cents,
        (SELECT count(*) FROM newsletter_subscriptions WHERE status = 'active')::int AS newsletter_subscribers,
        (SELECT count(*) FROM subscriptions WHERE status = 'active' AND plan_name = 'founding_member')::int AS founding_members,
        (SELECT count(*) FROM users WHERE created_at > now() - interval '7 days')::int AS recent_signups_7d,
        (SELECT count(*) FROM users WHERE promo_active
           AND (promo_expiration_date IS NULL OR promo_expiration_date > now()))::int AS active_promos
    `)) as Record<string, number | string>[];
    return {
      ...(Object.fromEntries(
        Object.entries(row).map(([key, value]) => [key, Number(value)]),
      ) as Omit<AdminStats, keyof RevenueStats | 'members_with_leads' | 'imports_7d'>),
      ...(await this.revenue.stats()),
      ...(await this.leads.adminStats()),
    };
  }
}
