/** Display formats shared by the portal's screens. */

export const formatDate = (value: string | null | undefined) =>
  value
    ? new Date(value).toLocaleDateString('en-US', {
        year: 'numeric',
        month: 'short',
        day: 'numeric',
      })
    : '—';

export const formatDateTime = (value: string | null | undefined) =>
  value ? new Date(value).toLocaleString('en-US') : '—';

/** "field: old → new" for every field the action changed. */
export function changes(row: {
  old_values: Record<string, unknown> | null;
  new_values: Record<string, unknown> | null;
}): string {
  const keys = [
    ...new Set([...Object.keys(row.old_values ?? {}), ...Object.keys(row.new_values ?? {})]),
  ];
  const show = (value: unknown) =>
    value === null || value === undefined
      ? '—'
      : typeof value === 'object'
        ? JSON.stringify(value)
        : String(value);
  return keys
    .map((key) =>
      row.old_values && row.new_values
        ? `${key}: ${show(row.old_values[key])} → ${show(row.new_values[key])}`
        : `${key}: ${show((row.new_values ?? row.old_values)?.[key])}`,
    )
    .join('; ');
}
