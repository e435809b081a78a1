/**
 * "Download my data" (`GET /api/me/export`): everything the product holds about the member, as
 * one JSON document. Tables' rows are passed as they are, without our internal keys.
 */

/** An e-mail sent to the member. */
export interface ExportedEmail {
  subject: string;
  template: string;
  status: string;
  date: string;
}

/** Something done about the member's account, and by whom: `you`, `system` or `an administrator`. */
export interface ExportedActivity {
  action: string;
  description: string | null;
  by: string;
  date: string;
}

/** The lead workspace in the export: what the member's own workspaces hold. */
export interface LeadWorkspaceExport {
  leads: Record<string, unknown>[];
  signals: Record<string, unknown>[];
  notes: Record<string, unknown>[];
  tasks: Record<string, unknown>[];
  imports: Record<string, unknown>[];
  my_posts: Record<string, unknown>[];
  comment_drafts: Record<string, unknown>[];
  stage_changes: Record<string, unknown>[];
  automation_rules: Record<string, unknown>[];
  automation_runs: Record<string, unknown>[];
  /** When the member last read the news of their monitored leads. */
  news_visits: Record<string, unknown>[];
  /** The days of the daily digest: sent, nothing to say, or switched off. */
  digests: Record<string, unknown>[];
}

/** What "Download my data" hands a member: everything we hold about them, and nobody else. */
export interface MemberExport {
  exported_at: string;
  profile: Record<string, unknown>;
  preferences: { notifications: unknown; newsletter: Record<string, unknown> | null };
  subscriptions: Record<string, unknown>[];
  payments: Record<string, unknown>[];
  payment_methods: Record<string, unknown>[];
  emails: ExportedEmail[];
  activity: ExportedActivity[];
  /** The lead workspace: leads, their signals, notes and tasks, and the imports. */
  leads: LeadWorkspaceExport;
}
