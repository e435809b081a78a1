import type { ErrorReportRecord } from '@leadpulse/common';
import type { ErrorReportEntity } from './error-report.entity.js';

export function toErrorReportRecord(report: ErrorReportEntity): ErrorReportRecord<Date> {
  return {
    id: report.id,
    error_id: report.error_id,
    message: report.message,
    stack: report.stack,
    component_stack: report.component_stack,
    url: report.url,
    user_agent: report.user_agent,
    environment: report.environment,
    reported_at: report.reported_at,
    created_at: report.created_at,
    updated_at: report.updated_at,
  };
}
