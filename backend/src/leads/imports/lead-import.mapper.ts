import type { LeadImport } from '@leadpulse/common';
import type { LeadImportEntity } from './lead-import.entity.js';

export function toLeadImport(row: LeadImportEntity): LeadImport<Date> {
  return {
    id: row.id,
    status: row.status,
    progress: row.progress,
    file_name: row.file_name,
    kind: row.kind,
    error_code: row.error_code,
    counts: row.counts,
    created_at: row.created_at,
    finished_at: row.finished_at,
  };
}
