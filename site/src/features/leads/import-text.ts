import { LEAD_ERRORS, type ImportFileCounts, type LeadImport } from '@leadpulse/common';

const n = (value: number) => value.toLocaleString('en-US');

/** The import's files added up. */
export function importTotals(counts: LeadImport['counts']): ImportFileCounts {
  const total: ImportFileCounts = {
    rows: 0,
    leads_created: 0,
    leads_updated: 0,
    signals_added: 0,
    skipped: 0,
    skipped_examples: [],
  };
  for (const file of Object.values(counts)) {
    total.rows += file.rows;
    total.leads_created += file.leads_created;
    total.leads_updated += file.leads_updated;
    total.signals_added += file.signals_added;
    total.skipped += file.skipped;
  }
  return total;
}

/** "Read 1,234 rows: 300 leads added, 2 updated, 912 signals added, 3 skipped." */
export function totalsSentence(counts: LeadImport['counts']): string {
  const t = importTotals(counts);
  return `Read ${n(t.rows)} ${t.rows === 1 ? 'row' : 'rows'}: ${n(t.leads_created)} ${
    t.leads_created === 1 ? 'lead' : 'leads'
  } added, ${n(t.leads_updated)} updated, ${n(t.signals_added)} ${
    t.signals_added === 1 ? 'signal' : 'signals'
  } added, ${n(t.skipped)} skipped.`;
}

/** Why a failed import failed, in words. */
export function importErrorText(item: Pick<LeadImport, 'error_code'>): string {
  const code = item.error_code as keyof typeof LEAD_ERRORS | null;
  return (code && LEAD_ERRORS[code]) || 'This import could not be finished.';
}
