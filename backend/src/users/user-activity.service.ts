import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { ActivityEntry, AuditOutcome } from '@leadpulse/common';
import { findUser } from './find-user.js';

/** A row of the activity query below. */
interface ActivityRow {
  id: string;
  created_at: Date;
  type: string;
  outcome: AuditOutcome;
  description: string;
  admin_name: string;
  old_values: Record<string, unknown> | null;
  new_values: Record<string, unknown> | null;
}

/** A line of the user's activity, as the back office lists it. */
export function mapActivityEntry(row: ActivityRow): ActivityEntry<Date> {
  return {
    id: row.id,
    created_at: row.created_at,
    type: row.type,
    outcome: row.outcome,
    description: row.description,
    admin_name: row.admin_name,
    old_values: row.old_values,
    new_values: row.new_values,
  };
}

/** A user's activity: what the back office and the system did about them. */
@Injectable()
export class UserActivityService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The audit trail about the user (billing changes included), newest first. */
  async activity(id: string): Promise<ActivityEntry<Date>[]> {
    await findUser(this.dataSource.manager, id);
    const rows: ActivityRow[] = await this.dataSource.query(
      `SELECT a.id, a.created_at, a.action_type AS type, a.outcome,
              a.details->>'description' AS description,
              a.details->'old_values' AS old_values, a.details->'new_values' AS new_values,
              COALESCE(NULLIF(trim(admin.first_name || ' ' || admin.last_name), ''), admin.email, 'System') AS admin_name
         FROM admin_actions a LEFT JOIN users admin ON admin.id = a.admin_id
        WHERE a.target_user_id = $1
        ORDER BY a.created_at DESC, a.id DESC
       LIMIT 200`,
      [id],
    );
    return rows.map(mapActivityEntry);
  }
}
