import { sessionClient } from '../providers/session';

/** Downloads users.csv for the list's current search and filter (the server streams it). */
export async function exportUsers(filter: Record<string, unknown>): Promise<void> {
  const session = await sessionClient.refreshIfDue();
  const response = await fetch(
    `/api/admin/users/export.csv?filter=${encodeURIComponent(JSON.stringify(filter))}`,
    { headers: session ? { authorization: `Bearer ${session.access_token}` } : {} },
  );
  if (!response.ok) throw new Error(`Export failed (${response.status})`);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = 'users.csv';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
