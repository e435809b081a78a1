import { stringify, type Stringifier } from 'csv-stringify';

/** What a spreadsheet reads as the start of a formula (OWASP's list for CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A cell a spreadsheet would run as a formula, prefixed with `'` so that it shows as text. */
export function neutraliseFormula(cell: string): string {
  return FORMULA_START.test(cell) ? `'${cell}` : cell;
}

/** The CSV writer of every export: a header line, then rows whose cells can never be formulas. */
export function csvStringifier(columns: string[]): Stringifier {
  return stringify({ header: true, columns, cast: { string: neutraliseFormula } });
}
