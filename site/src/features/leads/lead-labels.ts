import type { LeadSource, LeadStage, ManualSignalKind, SignalKind } from '@leadpulse/common';

export const STAGE_LABELS: Record<LeadStage, string> = {
  new: 'New',
  contacted: 'Contacted',
  conversation: 'Conversation',
  meeting: 'Meeting',
  won: 'Won',
  lost: 'Lost',
};

export const SOURCE_LABELS: Record<LeadSource, string> = {
  linkedin_export: 'LinkedIn export',
  csv: 'CSV',
  manual: 'Added by hand',
  sample: 'Sample data',
  automation: 'Automation',
};

export const SIGNAL_LABELS: Record<SignalKind, string> = {
  connected: 'Connected',
  invitation_received: 'Invitation received',
  invitation_sent: 'Invitation sent',
  message_received: 'Message received',
  message_sent: 'Message sent',
  endorsement: 'Endorsed you',
  recommendation: 'Recommended you',
  job_change: 'Changed jobs',
  liked_my_post: 'Liked my post',
  commented_my_post: 'Commented on my post',
  viewed_my_profile: 'Viewed my profile',
  replied: 'Replied',
  met: 'Met',
};

export const MANUAL_SIGNAL_LABELS: Record<ManualSignalKind, string> = {
  liked_my_post: SIGNAL_LABELS.liked_my_post,
  commented_my_post: SIGNAL_LABELS.commented_my_post,
  viewed_my_profile: SIGNAL_LABELS.viewed_my_profile,
  replied: SIGNAL_LABELS.replied,
  met: SIGNAL_LABELS.met,
};

/** Where a signal came from (`import:<id>`, `manual`, `automation`), in words. */
export function signalSourceLabel(source: string): string {
  if (source.startsWith('import')) return 'From an import';
  if (source === 'manual') return 'Logged by you';
  if (source === 'automation') return 'By an automation';
  return source;
}

export function leadName(lead: { first_name: string; last_name: string }): string {
  return `${lead.first_name} ${lead.last_name}`.trim() || 'Unnamed lead';
}

const DATE = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
const DATE_TIME = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

export const formatDate = (iso: string | null | undefined) =>
  iso ? DATE.format(new Date(iso)) : '—';
export const formatDateTime = (iso: string | null | undefined) =>
  iso ? DATE_TIME.format(new Date(iso)) : '—';

/** A signal's detail as lines to show: text values with their names, links apart. */
export function detailLines(detail: Record<string, unknown>): {
  lines: { label: string; text: string }[];
  links: { label: string; href: string }[];
} {
  const lines: { label: string; text: string }[] = [];
  const links: { label: string; href: string }[] = [];
  const { from, to, ...rest } = detail ?? {};
  // A job change: { from: { company, position }, to: { … } }.
  const job = (value: unknown) => {
    const { company, position } = (value ?? {}) as { company?: unknown; position?: unknown };
    return [position, company].filter((part) => typeof part === 'string' && part).join(' at ');
  };
  if (from && typeof from === 'object') lines.push({ label: 'Was', text: job(from) || '—' });
  if (to && typeof to === 'object') lines.push({ label: 'Now', text: job(to) || '—' });
  for (const [key, value] of Object.entries({
    ...(typeof from === 'object' ? {} : { from }),
    ...(typeof to === 'object' ? {} : { to }),
    ...rest,
  })) {
    if (typeof value !== 'string' && typeof value !== 'number') continue;
    // Identifiers mean nothing to the member.
    if (/(^|_)id$/i.test(key)) continue;
    const text = String(value).trim();
    if (!text) continue;
    const label = key.replace(/_/g, ' ').replace(/^./, (char) => char.toUpperCase());
    if (/url$|link$/i.test(key)) {
      if (/^https?:\/\//i.test(text))
        links.push({ label: key === 'post_url' ? 'Open the post' : label, href: text });
    } else lines.push({ label, text: text.length > 280 ? `${text.slice(0, 279)}…` : text });
  }
  return { lines, links };
}
