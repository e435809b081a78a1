import type { ExportRequest } from '@leadpulse/common';
import { sessionClient } from '../providers/session';

/** Downloads a streamed CSV export of a resource for the list's current search and filter. */
export async function exportCsv(
  resource: 'users' | 'newsletter',
  filter: Record<string, unknown>,
): Promise<void> {
  const session = await sessionClient.refreshIfDue();
  const query = { filter: JSON.stringify(filter) } satisfies ExportRequest;
  const response = await fetch(
    `/api/admin/${resource}/export.csv?${new URLSearchParams(query).toString()}`,
    { headers: session ? { authorization: `Bearer ${session.access_token}` } : {} },
  );
  if (!response.ok) throw new Error(`Export failed (${response.status})`);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `${resource}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** users.csv for the users list's current search and filter. */
export const exportUsers = (filter: Record<string, unknown>) => exportCsv('users', filter);
