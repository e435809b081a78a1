import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import {
  NEWS_LIMIT,
  NEWS_SIGNAL_KINDS,
  type LeadNews,
  type LeadNewsItem,
  type NewsSignalKind,
} from '@leadpulse/common';
import type { WorkspaceContext } from '../workspaces/workspaces.service.js';

/** Away this long, the member's next look at the Welcome page is a new visit. */
export const VISIT_GAP_MINUTES = 30;
/** A first visit shows what was learned in the last seven days. */
const FIRST_VISIT_DAYS = 7;

interface NewsRow {
  id: string;
  kind: NewsSignalKind;
  occurred_at: Date;
  created_at: Date;
  lead_id: string;
  first_name: string;
  last_name: string;
  position: string | null;
  company: string | null;
}

/**
 * News on the Welcome page: job changes and messages on the member's monitored leads that
 * LeadPulse learned since the member's last visit. Each look records the visit; while it lasts
 * (looks less than 30 minutes apart) "since" stays the end of the visit before, so a reload still
 * shows the same news.
 */
@Injectable()
export class NewsService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async news(workspace: WorkspaceContext, now = new Date()): Promise<LeadNews<Date>> {
    const [visit] = (await this.dataSource.query(
      `INSERT INTO lead_news_visits AS v (user_id, seen_at, previous_seen_at) VALUES ($1, $2, NULL)
       ON CONFLICT (user_id) DO UPDATE
         SET previous_seen_at = CASE WHEN v.seen_at < $2::timestamptz - make_interval(mins => ${VISIT_GAP_MINUTES})
                                     THEN v.seen_at ELSE v.previous_seen_at END,
             seen_at = GREATEST(v.seen_at, $2)
       RETURNING previous_seen_at`,
      [workspace.userId, now],
    )) as { previous_seen_at: Date | null }[];
    const since = visit.previous_seen_at;
    if (!workspace.exists) return { since, data: [] };
    const rows = (await this.dataSource.query(
      `SELECT s.id, s.kind, s.occurred_at, s.created_at, l.id AS lead_id, l.first_name, l.last_name,
              l.position, l.company
         FROM leads l JOIN lead_signals s ON s.lead_id = l.id AND s.workspace_id = l.workspace_id
        WHERE l.workspace_id = $1 AND l.monitored AND s.kind = ANY($2::varchar[])
          AND s.created_at > COALESCE($3::timestamptz, $4::timestamptz - make_interval(days => ${FIRST_VISIT_DAYS}))
        ORDER BY s.created_at DESC, s.occurred_at DESC, s.id DESC LIMIT ${NEWS_LIMIT}`,
      [workspace.id, NEWS_SIGNAL_KINDS, since, now],
    )) as NewsRow[];
    return { since, data: rows.map(toNewsItem) };
  }
}

function toNewsItem(row: NewsRow): LeadNewsItem<Date> {
  return {
    id: row.id,
    kind: row.kind,
    occurred_at: row.occurred_at,
    learned_at: row.created_at,
    lead: {
      id: row.lead_id,
      first_name: row.first_name,
      last_name: row.last_name,
      position: row.position,
      company: row.company,
    },
  };
}
