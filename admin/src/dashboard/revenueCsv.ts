import { REVENUE_COLUMNS, type RevenueMonth } from '@leadpulse/common';

/** What a spreadsheet reads as the start of a formula: such a cell is prefixed with `'`. */
const FORMULA_START = /^[=+\-@\t\r]/;

function cell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** Cents as dollars with two decimals ("16.67"), which a spreadsheet reads as a number. */
const dollars = (cents: number) => (cents / 100).toFixed(2);

/**
 * The monthly table as CSV, made in the browser from the rows on screen: one line per month,
 * oldest first; amounts in dollars, counts as they are.
 */
export function revenueCsv(rows: RevenueMonth[]): string {
  const lines = [REVENUE_COLUMNS.map(([, label]) => cell(label)).join(',')];
  for (const row of rows)
    lines.push(
      REVENUE_COLUMNS.map(([key]) => {
        const value = row[key];
        if (typeof value === 'string') return cell(value);
        return key.endsWith('_cents') ? dollars(value) : String(value);
      }).join(','),
    );
  return `${lines.join('\r\n')}\r\n`;
}

/** Saves text as a file the browser downloads. */
export function downloadText(name: string, text: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
