import type { SignalKind } from './leads.js';

/** The signals on a monitored lead that the Welcome page shows as news. */
export const NEWS_SIGNAL_KINDS = [
  'job_change',
  'message_received',
] as const satisfies readonly SignalKind[];
export type NewsSignalKind = (typeof NEWS_SIGNAL_KINDS)[number];

/** The most news items one answer carries. */
export const NEWS_LIMIT = 10;

/** One piece of news: a job change or a message on a monitored lead. */
export interface LeadNewsItem<TDate = string> {
  id: string;
  kind: NewsSignalKind;
  /** When it happened (the signal's date). */
  occurred_at: TDate;
  /** When LeadPulse learned it (an import or a hand log): what "since your last visit" reads. */
  learned_at: TDate;
  lead: {
    id: string;
    first_name: string;
    last_name: string;
    position: string | null;
    company: string | null;
  };
}

/**
 * `GET /api/leads/news`: what LeadPulse learned about the member's monitored leads since their
 * last visit (the previous one when this visit began; a visit ends after 30 minutes away), newest
 * first; `since` null on a first visit, when the last seven days are shown.
 */
export interface LeadNews<TDate = string> {
  since: TDate | null;
  data: LeadNewsItem<TDate>[];
}
