import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type {
  CommentAngle,
  CommentDraft,
  CommentDrafts,
  CommentDraftStatus,
  Paged,
} from '@leadpulse/common';
import { LEADS_ERRORS } from '../leads.errors.js';
import { LeadsService } from '../leads/leads.service.js';
import { PlanGateService } from '../usage/plan-gate.service.js';
import type { WorkspaceContext } from '../workspaces/workspaces.service.js';
import { CommentWriterService } from './comment-writer.service.js';
import type {
  CommentDraftsListQueryDto,
  CreateCommentDraftsDto,
} from './dto/comment-drafts.dto.js';

/** How many of the member's latest drafts a new set may not repeat. */
export const RECENT_DRAFTS = 50;
export const COMMENT_DRAFTS_PAGE_SIZE = 20;

interface SetRow {
  id: string;
  provider: 'offline' | 'llm';
  fallback: boolean;
  post_text: string;
  post_url: string | null;
  lead_id: string | null;
  created_at: Date;
}

interface DraftRow {
  id: string;
  set_id: string;
  angle: CommentAngle;
  text: string;
  status: CommentDraftStatus | null;
}

const toDraft = ({ id, angle, text, status }: DraftRow): CommentDraft => ({
  id,
  angle,
  text,
  status,
});

/** Sets of five comment drafts: one AI credit each, with the member's used and skipped marks. */
@Injectable()
export class CommentDraftsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly gate: PlanGateService,
    private readonly leads: LeadsService,
    private readonly writer: CommentWriterService,
  ) {}

  /**
   * Spends the credit under the workspace's lock, then writes outside it (a remote writer may
   * take seconds) and stores the drafts; a set that cannot be stored gives its credit back.
   */
  async create(
    workspace: WorkspaceContext,
    body: CreateCommentDraftsDto,
  ): Promise<CommentDrafts<Date>> {
    const postText = body.post_text.trim();
    const set = await this.dataSource.transaction(async (manager) => {
      const limits = await this.gate.lockForWrite(manager, workspace);
      if (body.lead_id) await this.leads.find(manager, workspace, body.lead_id);
      await this.gate.assertCredit(manager, workspace, limits);
      const [row] = (await manager.query(
        `INSERT INTO comment_draft_sets (workspace_id, user_id, lead_id, post_text, post_url, provider)
         VALUES ($1, $2, $3, $4, $5, 'offline')
         RETURNING id, provider, fallback, post_text, post_url, lead_id, created_at`,
        [workspace.id, workspace.userId, body.lead_id ?? null, postText, body.post_url ?? null],
      )) as SetRow[];
      return row;
    });
    try {
      const written = await this.writer.write(postText, await this.recent(workspace));
      const drafts = await this.dataSource.transaction(async (manager) => {
        await manager.query(
          `UPDATE comment_draft_sets SET provider = $2, fallback = $3 WHERE id = $1`,
          [set.id, written.provider, written.fallback],
        );
        const ordered = await this.rankByUse(manager, workspace, written.drafts);
        return (await manager.query(
          `INSERT INTO comment_drafts (workspace_id, set_id, position, angle, text)
           SELECT $1, $2, p, a, t FROM unnest($3::int[], $4::text[], $5::text[]) AS d(p, a, t)
           RETURNING id, set_id, angle, text, status`,
          [
            workspace.id,
            set.id,
            ordered.map((_, index) => index),
            ordered.map((draft) => draft.angle),
            ordered.map((draft) => draft.text),
          ],
        )) as DraftRow[];
      });
      return {
        ...set,
        provider: written.provider,
        fallback: written.fallback,
        drafts: drafts.map(toDraft),
      };
    } catch (error) {
      await this.dataSource.query(`DELETE FROM comment_draft_sets WHERE id = $1`, [set.id]);
      throw error;
    }
  }

  /** The member's sets, newest first. */
  async list(
    workspace: WorkspaceContext,
    query: CommentDraftsListQueryDto,
  ): Promise<Paged<CommentDrafts<Date>>> {
    const page = query.page ?? 1;
    const pageSize = query.pageSize ?? COMMENT_DRAFTS_PAGE_SIZE;
    const where = `workspace_id = $1 AND user_id = $2
      AND EXISTS (SELECT 1 FROM comment_drafts d WHERE d.set_id = s.id)`;
    const [{ count }] = (await this.dataSource.query(
      `SELECT count(*)::int AS count FROM comment_draft_sets s WHERE ${where}`,
      [workspace.id, workspace.userId],
    )) as { count: number }[];
    const sets = (await this.dataSource.query(
      `SELECT id, provider, fallback, post_text, post_url, lead_id, created_at
         FROM comment_draft_sets s WHERE ${where}
        ORDER BY created_at DESC, id DESC LIMIT $3 OFFSET $4`,
      [workspace.id, workspace.userId, pageSize, (page - 1) * pageSize],
    )) as SetRow[];
    const drafts = (await this.dataSource.query(
      `SELECT id, set_id, angle, text, status FROM comment_drafts
        WHERE set_id = ANY($1::uuid[]) ORDER BY position`,
      [sets.map((set) => set.id)],
    )) as DraftRow[];
    return {
      data: sets.map((set) => ({
        ...set,
        drafts: drafts.filter((draft) => draft.set_id === set.id).map(toDraft),
      })),
      count,
      page,
      pageSize,
      totalPages: Math.ceil(count / pageSize),
    };
  }

  /** Marks a draft used or skipped (the last mark counts). */
  async mark(
    workspace: WorkspaceContext,
    draftId: string,
    status: CommentDraftStatus,
  ): Promise<CommentDraft> {
    return this.dataSource.transaction(async (manager) => {
      await this.gate.lockForWrite(manager, workspace);
      const [rows] = (await manager.query(
        `UPDATE comment_drafts SET status = $3, marked_at = now()
          WHERE id = $1 AND workspace_id = $2
          RETURNING id, set_id, angle, text, status`,
        [draftId, workspace.id, status],
      )) as [DraftRow[], number];
      if (!rows[0]) throw LEADS_ERRORS.commentDraftNotFound();
      return toDraft(rows[0]);
    });
  }

  /** The member's latest drafts, which a new set may not repeat. */
  private async recent(workspace: WorkspaceContext): Promise<string[]> {
    const rows = (await this.dataSource.query(
      `SELECT d.text FROM comment_drafts d JOIN comment_draft_sets s ON s.id = d.set_id
        WHERE s.workspace_id = $1 AND s.user_id = $2
        ORDER BY d.created_at DESC, d.position DESC LIMIT ${RECENT_DRAFTS}`,
      [workspace.id, workspace.userId],
    )) as { text: string }[];
    return rows.map((row) => row.text);
  }

  /** The angles the member has used most come first; the writer's order breaks ties. */
  private async rankByUse<T extends { angle: CommentAngle }>(
    manager: EntityManager,
    workspace: WorkspaceContext,
    drafts: T[],
  ): Promise<T[]> {
    const rows = (await manager.query(
      `SELECT d.angle, count(*)::int AS uses FROM comment_drafts d
         JOIN comment_draft_sets s ON s.id = d.set_id
        WHERE d.workspace_id = $1 AND s.user_id = $2 AND d.status = 'used'
        GROUP BY d.angle`,
      [workspace.id, workspace.userId],
    )) as { angle: CommentAngle; uses: number }[];
    const uses = new Map(rows.map((row) => [row.angle, row.uses]));
    return drafts
      .map((draft, index) => ({ draft, index }))
      .sort(
        (a, b) =>
          (uses.get(b.draft.angle) ?? 0) - (uses.get(a.draft.angle) ?? 0) || a.index - b.index,
      )
      .map(({ draft }) => draft);
  }
}
