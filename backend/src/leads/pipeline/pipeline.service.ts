import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { LEAD_STAGES, type LeadStage, type PipelineBoard } from '@leadpulse/common';
import { toLeadFromRow, type LeadRow } from '../leads/lead.mapper.js';
import type { WorkspaceContext } from '../workspaces/workspaces.service.js';

/** The pipeline's board: the six stages in order, each with its count and its first cards. */
@Injectable()
export class PipelineService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async board(workspace: WorkspaceContext, perColumn: number): Promise<PipelineBoard<Date>> {
    const [counts, cards] = await Promise.all([
      this.dataSource.query(
        `SELECT stage, count(*)::int AS count FROM leads
          WHERE workspace_id = $1 AND stage IS NOT NULL GROUP BY stage`,
        [workspace.id],
      ) as Promise<{ stage: LeadStage; count: number }[]>,
      this.dataSource.query(
        `SELECT c.* FROM unnest($2::varchar[]) AS s(stage)
           CROSS JOIN LATERAL (
             SELECT l.*, sc.fit, sc.intent, sc.score, sc.breakdown
               FROM leads l JOIN lead_scores sc ON sc.lead_id = l.id
              WHERE l.workspace_id = $1 AND l.stage = s.stage
              ORDER BY l.position_in_stage, l.id LIMIT $3) c`,
        [workspace.id, LEAD_STAGES, perColumn],
      ) as Promise<LeadRow[]>,
    ]);
    return {
      columns: LEAD_STAGES.map((stage) => ({
        stage,
        count: counts.find((c) => c.stage === stage)?.count ?? 0,
        leads: cards.filter((card) => card.stage === stage).map(toLeadFromRow),
      })),
    };
  }
}
