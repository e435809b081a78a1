/** What the site and the admin report to the backend: log entries and error reports. */

export const CLIENT_LOG_LEVELS = ['DEBUG', 'INFO', 'WARN', 'ERROR', 'FATAL'] as const;
export type ClientLogLevel = (typeof CLIENT_LOG_LEVELS)[number];

/** `POST /api/logs`: a log entry (member-site.md section 3, "Log entry"). */
export interface LogEntryRequest {
  timestamp?: string;
  level: ClientLogLevel;
  message: string;
  context?: string;
  metadata?: Record<string, unknown>;
}

/** `POST /api/errors`: an error the site's error boundary caught. */
export interface ErrorReportRequest {
  errorId: string;
  message: string;
  stack?: string;
  componentStack?: string;
  timestamp?: string;
  url?: string;
  userAgent?: string;
  environment?: string;
  referrer?: string;
}
