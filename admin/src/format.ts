import {
  auditChanges,
  auditFieldLabel,
  cancellationReasonLabel,
  formatUsd,
  promoTypeLabel,
} from '@leadpulse/common';

/** Display formats shared by the portal's screens. */

export const formatDate = (value: string | null | undefined) =>
  value
    ? new Date(value).toLocaleDateString('en-US', {
        year: 'numeric',
        month: 'short',
        day: 'numeric',
      })
    : '—';

/** "Nov 24, 2026, 6:15 AM": the same date as formatDate, then the time. */
export const formatDateTime = (value: string | null | undefined) =>
  value
    ? new Date(value).toLocaleString('en-US', {
        year: 'numeric',
        month: 'short',
        day: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
      })
    : '—';

/** "Ada Lovelace (ada@example.com)", or the e-mail alone without a name. */
export function userLabel(user: { email: string; first_name?: string; last_name?: string }) {
  const name = `${user.first_name ?? ''} ${user.last_name ?? ''}`.trim();
  return name ? `${name} (${user.email})` : user.email;
}

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/**
 * A value of an audit row as a reader wants it: dollars for cents, dates, names, yes and no,
 * a promo type and a cancellation reason by their labels.
 */
export function auditValue(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (field.endsWith('_cents') && typeof value === 'number') return formatUsd(value);
  if (field === 'promo_type' && typeof value === 'string') return promoTypeLabel(value);
  if (field === 'cancellation_reason' && typeof value === 'string')
    return cancellationReasonLabel(value);
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'string') return ISO_TIME.test(value) ? formatDateTime(value) : value;
  if (Array.isArray(value)) return value.map((item) => auditValue('', item)).join(', ') || 'none';
  if (typeof value === 'object') {
    const object = value as Record<string, unknown>;
    if (typeof object.name === 'string') return object.name;
    const entries = Object.entries(object);
    // A set of flags (a role's permissions) reads as the flags that are on.
    if (entries.every(([, flag]) => typeof flag === 'boolean'))
      return (
        entries
          .filter(([, on]) => on)
          .map(([key]) => key)
          .join(', ') || 'none'
      );
    return entries.map(([key, item]) => `${key} ${auditValue(key, item)}`).join(', ');
  }
  return String(value);
}

/** "Status: active → cancelled", one line per field the action changed; internal fields left out. */
export function changeLines(row: {
  old_values: Record<string, unknown> | null;
  new_values: Record<string, unknown> | null;
}): string[] {
  return auditChanges(row.old_values, row.new_values).map(({ field, old, new: next }) => {
    const name = auditFieldLabel(field);
    // A field that had no value before an edit reads "— → new"; a created record's, just "new".
    return row.old_values
      ? `${name}: ${old === null ? '—' : auditValue(field, old)} → ${auditValue(field, next)}`
      : `${name}: ${auditValue(field, next)}`;
  });
}
