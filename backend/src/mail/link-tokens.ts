/** What stands in for a link's secret wherever the back office or the stored outbox shows it. */
export const MASKED_TOKEN = '…';

/** A `token` (or `…token`) parameter of a link's fragment or query, with its value. */
const LINK_TOKEN = /([#?&][^=&#\s]*token=)[^&#\s"'<>]+/gi;

/** The text with the value of every link token replaced: the page stays readable, the secret is gone. */
export function maskTokens(text: string): string {
  return text.replace(LINK_TOKEN, `$1${MASKED_TOKEN}`);
}

/** Whether a link carries a token parameter (live or already masked). */
export function carriesToken(link: string): boolean {
  return /[#?&][^=&#\s]*token=/i.test(link);
}

/** The page of a link path, without its query and fragment: `/setup-password#token=…` → `/setup-password`. */
export function linkPage(link: string): string {
  return link.split(/[?#]/, 1)[0];
}

/** Template data with every token in its text values masked. */
export function maskData(data: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(data).map(([key, value]) => [
      key,
      typeof value === 'string' ? maskTokens(value) : value,
    ]),
  );
}
