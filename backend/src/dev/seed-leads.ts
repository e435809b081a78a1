import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EntityManager } from 'typeorm';
import { importSampleExports } from '../leads/imports/run-import.js';

/** Demo members given a lead workspace: the back office shows their usage, their screens are full. */
export const SEEDED_LEAD_MEMBERS = 4;
/** Of each one's leads, the best scored are on the pipeline; one is monitored (a free plan's limits). */
const TRACKED = 12;
const STAGES = ['new', 'new', 'contacted', 'contacted', 'conversation', 'meeting', 'won', 'lost'];

export interface SeededLeads {
  members: number;
  leads: number;
}

/**
 * Gives a few active demo members leads as a member gets them from "Try the sample": each gets
 * their own personal workspace and a sample import run through the importer itself (two exports a
 * month apart, with signals, job changes, scores and their own posts), then a pipeline and a
 * monitored lead. The workspaces go with their users when the seed is run again.
 */
export async function seedLeads(manager: EntityManager): Promise<SeededLeads> {
  const members = (await manager.query(
    `SELECT id FROM users
      WHERE email LIKE '%@seed.example.com' AND status = 'active' AND NOT is_admin
      ORDER BY substring(email from '\\.(\\d+)@seed\\.example\\.com$')::int LIMIT $1`,
    [SEEDED_LEAD_MEMBERS],
  )) as { id: string }[];
  const folder = await mkdtemp(join(tmpdir(), 'leadpulse-seed-'));
  let leads = 0;
  try {
    for (const [index, { id: userId }] of members.entries()) {
      // A personal workspace has its owner's id, as the first lead feature a member uses makes it.
      await manager.query(
        `INSERT INTO workspaces (id, name, owner_user_id, personal) VALUES ($1, 'My workspace', $1, true)`,
        [userId],
      );
      await manager.query(
        `INSERT INTO workspace_members (workspace_id, user_id, role) VALUES ($1, $1, 'owner')`,
        [userId],
      );
      const [{ id: importId }] = (await manager.query(
        `INSERT INTO lead_imports (workspace_id, created_by, kind, file_name, status, created_at)
         VALUES ($1, $1, 'sample', 'Sample LinkedIn export', 'processing', now() - interval '1 day')
         RETURNING id`,
        [userId],
      )) as { id: string }[];
      const counts = await importSampleExports(
        (work) => work(manager),
        { workspaceId: userId, importId },
        folder,
        async () => undefined,
        index + 1,
      );
      await manager.query(
        `UPDATE lead_imports SET status = 'done', progress = 100, counts = $2,
                finished_at = created_at + interval '20 seconds' WHERE id = $1`,
        [importId, JSON.stringify(counts)],
      );
      await manager.query(
        `UPDATE leads l SET stage = ($3::text[])[1 + (r.rank - 1) % array_length($3::text[], 1)],
                position_in_stage = r.rank, monitored = r.rank = 1
           FROM (SELECT lead_id AS id, row_number() OVER (ORDER BY score DESC, lead_id)::int AS rank
                   FROM lead_scores WHERE workspace_id = $1) r
          WHERE l.id = r.id AND r.rank <= $2`,
        [userId, TRACKED, STAGES],
      );
      const [{ count }] = (await manager.query(
        `SELECT count(*)::int AS count FROM leads WHERE workspace_id = $1`,
        [userId],
      )) as { count: number }[];
      leads += count;
    }
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
  return { members: members.length, leads };
}
