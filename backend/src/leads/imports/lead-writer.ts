import { createHash } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import type { LeadSource } from '@leadpulse/common';
import { queueSignalEvents } from '../automation/automation-events.js';
import { loadIcp, rescoreLeads } from '../scoring/lead-scores.js';
import type { BatchCounts, BatchItem } from './lead-importer.js';
import type { PersonInput, SignalInput } from './linkedin-rows.js';
import { scoreNewLeads, writeNewLeadScores } from './new-lead-scores.js';

export interface WriteContext {
  workspaceId: string;
  importId: string;
  source: LeadSource;
  /** The export's own date: details from an older export never replace newer ones. */
  asOf: Date;
}

interface ExistingLead {
  id: string;
  match_key: string;
  email: string | null;
  profile_slug: string | null;
  first_name: string;
  last_name: string;
  company: string | null;
  position: string | null;
  location: string | null;
  details_as_of: Date | null;
}

interface PendingSignal extends SignalInput {
  file: string;
  leadKey: string;
  personKey: string;
}

const sha1 = (text: string) => createHash('sha1').update(text).digest('hex');
/** A signal's dedupe key: its kind, and the person and the signal itself hashed. */
const keyOf = (signal: PendingSignal) =>
  `${signal.kind}:${sha1(`${signal.personKey}\u0000${signal.identity}`)}`;
const fullName = (person: { first_name: string; last_name: string }) =>
  `${person.first_name} ${person.last_name}`.trim().toLowerCase();

/** What an import recognises a person by: their profile, else their e-mail, else their name. */
export function personKey(person: PersonInput): string {
  if (person.slug) return `in:${person.slug}`;
  if (person.email) return `email:${person.email}`;
  return `name:${fullName(person)}`.slice(0, 255);
}

const same = (a: string | null, b: string | null) =>
  (a ?? '').trim().toLowerCase() === (b ?? '').trim().toLowerCase();

/**
 * Writes one batch of an import in one transaction: new leads inserted, known ones completed
 * (and moved to their new company or position, with a `job_change` signal, when a newer export
 * says so), signals added once each by their dedupe key. A lock per workspace makes two imports
 * of one workspace write one batch at a time, so the same archive twice gives one set of leads.
 */
export async function writeBatch(
  manager: EntityManager,
  context: WriteContext,
  items: BatchItem[],
): Promise<BatchCounts> {
  const counts: BatchCounts = new Map();
  const count = (file: string, field: 'leads_created' | 'leads_updated' | 'signals_added') => {
    const entry = counts.get(file) ?? { leads_created: 0, leads_updated: 0, signals_added: 0 };
    entry[field] += 1;
    counts.set(file, entry);
  };
  await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [
    `leads:${context.workspaceId}`,
  ]);

  const keys = [...new Set(items.map((item) => personKey(item.person)))];
  const emails = [
    ...new Set(items.map((item) => item.person.email).filter((email): email is string => !!email)),
  ];
  const names = [
    ...new Set(
      items
        .filter((item) => !item.person.slug && !item.person.email)
        .map((item) => fullName(item.person)),
    ),
  ];
  const rawNames = [
    ...new Set(
      items
        .filter((item) => !item.person.slug && !item.person.email)
        .map((item) => `${item.person.first_name} ${item.person.last_name}`),
    ),
  ];
  // One query per way of matching, each on its index; names only for people known by no other.
  const columns = `id, match_key, lower(email) AS email, profile_slug, first_name, last_name,
                   company, position, location, details_as_of`;
  const found = new Map<string, ExistingLead>();
  const look = async (condition: string, values: string[][]) => {
    if (values.every((list) => list.length === 0)) return;
    const rows = (await manager.query(
      `SELECT ${columns} FROM leads WHERE workspace_id = $1 AND (${condition})`,
      [context.workspaceId, ...values],
    )) as ExistingLead[];
    for (const row of rows) found.set(row.id, row);
  };
  await look('match_key = ANY($2)', [keys]);
  await look('email IS NOT NULL AND lower(email) = ANY($2)', [emails]);
  // PostgreSQL's lower() may leave non-ASCII letters as they are: names also match as written.
  await look(
    `(first_name || ' ' || last_name) = ANY($2) OR lower(first_name || ' ' || last_name) = ANY($3)`,
    [rawNames, names],
  );
  const existing = [...found.values()];
  const byKey = new Map(existing.map((lead) => [lead.match_key, lead]));
  const byEmail = new Map(existing.filter((lead) => lead.email).map((lead) => [lead.email!, lead]));
  const byName = new Map<string, ExistingLead | null>();
  for (const lead of existing) {
    const name = fullName(lead);
    byName.set(name, byName.has(name) ? null : lead);
  }

  const created = new Map<string, { person: PersonInput; file: string; current: boolean }>();
  const createdByEmail = new Map<string, string>();
  const createdByName = new Map<string, string | null>();
  const changed = new Map<string, { lead: ExistingLead; file: string }>();
  const signals: PendingSignal[] = [];

  for (const item of items) {
    const key = personKey(item.person);
    const lead =
      byKey.get(key) ??
      (item.person.email ? byEmail.get(item.person.email) : undefined) ??
      (!item.person.slug && !item.person.email
        ? (byName.get(fullName(item.person)) ?? undefined)
        : undefined);
    if (!lead) {
      // Someone new, perhaps already met earlier in this batch (by profile, e-mail or name).
      const name = fullName(item.person);
      const pendingKey = created.has(key)
        ? key
        : ((item.person.email ? createdByEmail.get(item.person.email) : undefined) ??
          (!item.person.slug && !item.person.email
            ? (createdByName.get(name) ?? undefined)
            : undefined));
      const pending = pendingKey ? created.get(pendingKey) : undefined;
      if (!pending) {
        created.set(key, {
          person: { ...item.person },
          file: item.file,
          current: item.currentDetails,
        });
        if (item.person.email) createdByEmail.set(item.person.email, key);
        createdByName.set(name, createdByName.has(name) ? null : key);
      } else fillBlanks(pending.person, item.person);
      if (item.signal)
        signals.push({
          ...item.signal,
          file: item.file,
          leadKey: pendingKey ?? key,
          personKey: key,
        });
      continue;
    }
    const { moved, jobChange } = applyDetails(lead, item, context.asOf);
    if (moved || changedFields(lead, item.person)) {
      completeLead(lead, item.person);
      if (!changed.has(lead.id)) changed.set(lead.id, { lead, file: item.file });
    }
    if (jobChange)
      signals.push({ ...jobChange, file: item.file, leadKey: `id:${lead.id}`, personKey: key });
    if (item.signal)
      signals.push({ ...item.signal, file: item.file, leadKey: `id:${lead.id}`, personKey: key });
  }

  // New leads, scored from the batch's signals; one another request added meanwhile (by hand)
  // is taken as it stands.
  const ids = new Map<string, string>();
  let newIds = new Set<string>();
  if (created.size > 0) {
    const rows = [...created.entries()];
    const scores = scoreNewLeads(
      (await loadIcp(manager, context.workspaceId)).icp,
      new Map(rows.map(([key, { person }]) => [key, person])),
      signals.map((signal) => ({ ...signal, key: keyOf(signal) })),
      new Date(),
    );
    const scoreOf = (key: string) => scores.get(key)!;
    const inserted = (await manager.query(
      `INSERT INTO leads (workspace_id, match_key, profile_slug, profile_url, email, first_name, last_name,
                          company, position, location, source, details_as_of, last_signal_at)
       SELECT $1, u.key, u.slug, CASE WHEN u.slug IS NULL THEN NULL ELSE 'https://www.linkedin.com/in/' || u.slug END,
              u.email, u.first, u.last, u.company, u.position, u.location, $2, u.as_of, u.last_signal_at
         FROM unnest($3::varchar[], $4::varchar[], $5::varchar[], $6::varchar[], $7::varchar[], $8::varchar[],
                     $9::varchar[], $10::varchar[], $11::timestamptz[], $12::timestamptz[])
              AS u(key, slug, email, first, last, company, position, location, as_of, last_signal_at)
       ON CONFLICT (workspace_id, match_key) DO NOTHING
       RETURNING id, match_key`,
      [
        context.workspaceId,
        context.source,
        rows.map(([key]) => key),
        rows.map(([, { person }]) => person.slug),
        rows.map(([, { person }]) => person.email),
        rows.map(([, { person }]) => person.first_name.slice(0, 255)),
        rows.map(([, { person }]) => person.last_name.slice(0, 255)),
        rows.map(([, { person }]) => person.company?.slice(0, 500) ?? null),
        rows.map(([, { person }]) => person.position?.slice(0, 500) ?? null),
        rows.map(([, { person }]) => person.location?.slice(0, 255) ?? null),
        rows.map(([, pending]) =>
          pending.current && (pending.person.company || pending.person.position)
            ? context.asOf
            : null,
        ),
        rows.map(([key]) => scoreOf(key).last_signal_at),
      ],
    )) as { id: string; match_key: string }[];
    await writeNewLeadScores(
      manager,
      context.workspaceId,
      inserted.map((row) => ({ id: row.id, result: scoreOf(row.match_key) })),
    );
    for (const row of inserted) {
      ids.set(row.match_key, row.id);
      count(created.get(row.match_key)!.file, 'leads_created');
    }
    const raced = rows.map(([key]) => key).filter((key) => !ids.has(key));
    newIds = new Set(ids.values());
    if (raced.length > 0) {
      const found = (await manager.query(
        `SELECT id, match_key FROM leads WHERE workspace_id = $1 AND match_key = ANY($2)`,
        [context.workspaceId, raced],
      )) as { id: string; match_key: string }[];
      for (const row of found) ids.set(row.match_key, row.id);
    }
  }

  if (changed.size > 0) {
    const leads = [...changed.values()].map(({ lead }) => lead);
    await manager.query(
      `UPDATE leads l SET match_key = u.key, profile_slug = u.slug,
              profile_url = COALESCE(l.profile_url, CASE WHEN u.slug IS NULL THEN NULL ELSE 'https://www.linkedin.com/in/' || u.slug END),
              email = u.email, first_name = u.first, last_name = u.last, company = u.company,
              position = u.position, location = u.location, details_as_of = u.as_of, updated_at = now()
         FROM unnest($1::uuid[], $2::varchar[], $3::varchar[], $4::varchar[], $5::varchar[], $6::varchar[],
                     $7::varchar[], $8::varchar[], $9::varchar[], $10::timestamptz[])
              AS u(id, key, slug, email, first, last, company, position, location, as_of)
        WHERE l.id = u.id AND l.workspace_id = $11`,
      [
        leads.map((lead) => lead.id),
        leads.map((lead) => lead.match_key),
        leads.map((lead) => lead.profile_slug),
        leads.map((lead) => lead.email),
        leads.map((lead) => lead.first_name.slice(0, 255)),
        leads.map((lead) => lead.last_name.slice(0, 255)),
        leads.map((lead) => lead.company?.slice(0, 500) ?? null),
        leads.map((lead) => lead.position?.slice(0, 500) ?? null),
        leads.map((lead) => lead.location?.slice(0, 255) ?? null),
        leads.map((lead) => lead.details_as_of),
        context.workspaceId,
      ],
    );
    for (const { file } of changed.values()) count(file, 'leads_updated');
  }

  const withLead = signals
    .map((signal) => ({
      signal,
      leadId: signal.leadKey.startsWith('id:') ? signal.leadKey.slice(3) : ids.get(signal.leadKey),
    }))
    .filter((entry): entry is { signal: PendingSignal; leadId: string } => !!entry.leadId);
  if (withLead.length > 0) {
    const files = new Map(withLead.map(({ signal }) => [keyOf(signal), signal.file]));
    const added = (await manager.query(
      `INSERT INTO lead_signals (workspace_id, lead_id, kind, occurred_at, source, detail, dedupe_key)
       SELECT $1, u.lead_id, u.kind, u.occurred_at, $2, u.detail::jsonb, u.key
         FROM unnest($3::uuid[], $4::varchar[], $5::timestamptz[], $6::text[], $7::varchar[])
              AS u(lead_id, kind, occurred_at, detail, key)
       ON CONFLICT (workspace_id, dedupe_key) DO NOTHING
       RETURNING id, dedupe_key`,
      [
        context.workspaceId,
        `import:${context.importId}`,
        withLead.map(({ leadId }) => leadId),
        withLead.map(({ signal }) => signal.kind),
        withLead.map(({ signal }) => signal.occurred_at),
        withLead.map(({ signal }) => JSON.stringify(signal.detail)),
        withLead.map(({ signal }) => keyOf(signal)),
      ],
    )) as { id: string; dedupe_key: string }[];
    for (const row of added) count(files.get(row.dedupe_key)!, 'signals_added');
    // Only signals new to the workspace: importing the same archive again starts no rule.
    await queueSignalEvents(
      manager,
      context.workspaceId,
      added.map((row) => row.id),
    );
  }
  // The batch's other leads are scored again (changed ones, those with new signals, those another
  // request added meanwhile); the same write keeps each one's latest signal.
  await rescoreLeads(
    manager,
    context.workspaceId,
    [
      ...ids.values(),
      ...[...changed.values()].map(({ lead }) => lead.id),
      ...withLead.map(({ leadId }) => leadId),
    ].filter((id) => !newIds.has(id)),
  );
  return counts;
}

function fillBlanks(target: PersonInput, from: PersonInput): void {
  for (const key of ['slug', 'email', 'company', 'position', 'location'] as const)
    target[key] ??= from[key];
  if (!target.first_name && !target.last_name) {
    target.first_name = from.first_name;
    target.last_name = from.last_name;
  }
}

/** Whether the row would complete the lead (a field it lacks). */
function changedFields(lead: ExistingLead, person: PersonInput): boolean {
  return (
    (!lead.profile_slug && !!person.slug) ||
    (!lead.email && !!person.email) ||
    (!lead.first_name && !lead.last_name && !!(person.first_name || person.last_name)) ||
    (!lead.company && !!person.company) ||
    (!lead.position && !!person.position) ||
    (!lead.location && !!person.location)
  );
}

function completeLead(lead: ExistingLead, person: PersonInput): void {
  if (!lead.profile_slug && person.slug) {
    lead.profile_slug = person.slug;
    lead.match_key = `in:${person.slug}`;
  }
  lead.email ??= person.email;
  if (!lead.first_name && !lead.last_name) {
    lead.first_name = person.first_name;
    lead.last_name = person.last_name;
  }
  lead.company ??= person.company;
  lead.position ??= person.position;
  lead.location ??= person.location;
}

/**
 * Applies a newer export's company and position to the lead; answers the `job_change` signal
 * when they differ from what an earlier export said.
 */
function applyDetails(
  lead: ExistingLead,
  item: BatchItem,
  asOf: Date,
): { moved: boolean; jobChange: SignalInput | null } {
  const { person } = item;
  const none = { moved: false, jobChange: null };
  if (!item.currentDetails || (!person.company && !person.position)) return none;
  if (lead.details_as_of && asOf.getTime() < new Date(lead.details_as_of).getTime()) return none;
  const differs = !same(lead.company, person.company) || !same(lead.position, person.position);
  // Only what an earlier export said makes a job change; a member's own typing does not.
  const fromExport = lead.details_as_of !== null;
  const before = { company: lead.company, position: lead.position };
  if (!differs && fromExport) return none;
  lead.company = person.company;
  lead.position = person.position;
  lead.details_as_of = asOf;
  if (!differs || !fromExport) return { moved: true, jobChange: null };
  const jobChange: SignalInput = {
    kind: 'job_change',
    occurred_at: asOf,
    identity: `${(person.company ?? '').toLowerCase()}\u0000${(person.position ?? '').toLowerCase()}`,
    detail: { from: before, to: { company: person.company, position: person.position } },
  };
  return { moved: true, jobChange };
}
