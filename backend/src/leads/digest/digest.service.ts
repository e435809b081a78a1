import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import {
  dailyDigestOn,
  DEFAULT_TIME_ZONE,
  DIGEST_HOUR,
  type LimitsHolder,
  type NotificationPreferences,
} from '@leadpulse/common';
import { Clock } from '../../common/clock.js';
import { JobsService } from '../../jobs/jobs.service.js';
import { MailService } from '../../mail/mail.service.js';
import { TodayService } from '../today/today.service.js';
import {
  digestData,
  markMatchesSent,
  queuedMatches,
  tasksDue,
  type DigestData,
} from './digest-content.js';

export const DIGEST_QUEUE = 'lead-digest';
/** Members read per query; a run goes on until no member is due. */
const BATCH = 100;
/** A day's rows are needed only on that day; kept a week to answer questions about it. */
const KEEP_DAYS = 7;

export type DigestOutcome = 'sent' | 'nothing' | 'off';

/** A member whose day has passed 08:00 and who has no digest row for it yet. */
interface Candidate extends LimitsHolder {
  id: string;
  email: string;
  first_name: string | null;
  notification_preferences: Partial<NotificationPreferences> | null;
  workspace_id: string;
  time_zone: string;
  /** The member's date, YYYY-MM-DD. */
  local_date: string;
  day_start: Date;
  day_end: Date;
}

/**
 * Every member whose local time has passed DIGEST_HOUR today, with no digest row for their local
 * date, in one query: confirmed, not deleted or suspended, with a workspace (the one they own
 * first, as the API resolves it), and the switch not turned off. A member who never set it is
 * read too: the plan decides (dailyDigestOn), and the day is recorded either way.
 */
const CANDIDATES_SQL = `
  SELECT u.id, u.email, u.first_name, u.notification_preferences, u.founding_member,
         u.founding_member_transitioned_at, u.subscription_plan, u.subscription_status,
         u.complimentary_plan, w.workspace_id, z.tz AS time_zone,
         to_char(z.local_date, 'YYYY-MM-DD') AS local_date,
         z.local_date::timestamp AT TIME ZONE z.tz AS day_start,
         (z.local_date + 1)::timestamp AT TIME ZONE z.tz AS day_end
    FROM users u
    JOIN auth_accounts a ON a.id = u.auth_user_id AND a.email_confirmed_at IS NOT NULL
    CROSS JOIN LATERAL (SELECT COALESCE(u.time_zone, $2) AS tz) zone
    CROSS JOIN LATERAL (
      SELECT zone.tz, ($1::timestamptz AT TIME ZONE zone.tz)::date AS local_date,
             ($1::timestamptz AT TIME ZONE zone.tz)::time AS local_time
    ) z
    JOIN LATERAL (
      SELECT m.workspace_id FROM workspace_members m WHERE m.user_id = u.id
       ORDER BY m.role = 'owner' DESC, m.created_at LIMIT 1
    ) w ON true
   WHERE u.deleted_at IS NULL AND u.suspended_at IS NULL
     AND z.local_time >= make_time($3, 0, 0)
     AND (u.notification_preferences -> 'dailyDigest') IS DISTINCT FROM 'false'::jsonb
     AND NOT EXISTS (SELECT 1 FROM lead_digests d
                      WHERE d.user_id = u.id AND d.local_date = z.local_date)
     AND u.id <> ALL($4::uuid[])
   ORDER BY u.id
   LIMIT ${BATCH}`;

/**
 * The daily digest (LEADS.md "Digest"): at 08:00 in each member's time zone, an e-mail with
 * Today's ten and the tasks due, when there is something to say. A job every five minutes
 * finds the members due. Each member's day is claimed by a row keyed on (member, local date),
 * inserted with ON CONFLICT DO NOTHING in the transaction that queues the e-mail: two instances,
 * an overlapping run or a restart find the row taken and send nothing.
 */
@Injectable()
export class DigestService implements OnModuleInit {
  private readonly logger = new Logger(DigestService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly jobs: JobsService,
    private readonly mail: MailService,
    private readonly todays: TodayService,
    private readonly clock: Clock,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.jobs.createQueue(DIGEST_QUEUE, { retryLimit: 1 });
    await this.jobs.schedule(DIGEST_QUEUE, '*/5 * * * *');
    await this.jobs.work(DIGEST_QUEUE, async () => {
      await this.sendDue();
    });
  }

  /** Sends every digest now due; answers what became of each member's day. */
  async sendDue(now = this.clock.now()): Promise<Record<DigestOutcome, number>> {
    const counts: Record<DigestOutcome, number> = { sent: 0, nothing: 0, off: 0 };
    // A member whose digest failed is left for the next run, not tried again in this one.
    const failed: string[] = [];
    for (;;) {
      const candidates = (await this.dataSource.query(CANDIDATES_SQL, [
        now,
        DEFAULT_TIME_ZONE,
        DIGEST_HOUR,
        failed,
      ])) as Candidate[];
      if (candidates.length === 0) break;
      for (const candidate of candidates) {
        try {
          const outcome = await this.deliver(candidate, now);
          if (outcome) counts[outcome] += 1;
        } catch (error) {
          failed.push(candidate.id);
          this.logger.warn(
            `Daily digest for user ${candidate.id} not sent yet: ${(error as Error).message}`,
          );
        }
      }
    }
    await this.dataSource.query(
      `DELETE FROM lead_digests WHERE created_at < $1::timestamptz - make_interval(days => ${KEEP_DAYS})`,
      [now],
    );
    return counts;
  }

  /**
   * One member's day: what the digest says (read first, outside the transaction), then the row
   * and the e-mail together. Undefined when another run had already claimed the day.
   */
  private async deliver(candidate: Candidate, now: Date): Promise<DigestOutcome | undefined> {
    const content = dailyDigestOn(candidate) ? await this.content(candidate, now) : undefined;
    const data = content?.data;
    const outcome: DigestOutcome = data ? 'sent' : content ? 'nothing' : 'off';
    return this.dataSource.transaction(async (manager) => {
      const claimed = (await manager.query(
        `INSERT INTO lead_digests (user_id, local_date, time_zone, outcome) VALUES ($1, $2, $3, $4)
         ON CONFLICT DO NOTHING RETURNING user_id`,
        [candidate.id, candidate.local_date, candidate.time_zone, outcome],
      )) as unknown[];
      if (claimed.length === 0) return undefined;
      if (data) {
        const email = await this.mail.enqueue(manager, {
          to: candidate.email,
          template: 'daily-digest',
          data,
          userId: candidate.id,
        });
        await manager.query(
          `UPDATE lead_digests SET email_id = $3 WHERE user_id = $1 AND local_date = $2`,
          [candidate.id, candidate.local_date, email?.id ?? null],
        );
        await markMatchesSent(manager, content!.matchIds);
      }
      return outcome;
    });
  }

  /** What the digest says (null: nothing) and the rule runs it reports. */
  private async content(
    candidate: Candidate,
    now: Date,
  ): Promise<{ data: DigestData | null; matchIds: string[] }> {
    const today = await this.todays.today(
      {
        id: candidate.workspace_id,
        userId: candidate.id,
        ownerId: candidate.id,
        role: 'owner',
        exists: true,
      },
      now,
    );
    const dayEnd = new Date(candidate.day_end);
    const tasks = await tasksDue(this.dataSource.manager, candidate.workspace_id, dayEnd);
    const matches = await queuedMatches(this.dataSource.manager, candidate.workspace_id);
    const data = digestData({
      firstName: candidate.first_name,
      now,
      timeZone: candidate.time_zone,
      dayStart: new Date(candidate.day_start),
      today: today.data,
      tasks,
      matches,
    });
    return { data, matchIds: matches.map((match) => match.id) };
  }
}
