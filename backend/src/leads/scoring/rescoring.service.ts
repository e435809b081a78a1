import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { JobsService, type Job } from '../../jobs/jobs.service.js';
import { loadIcp, readBatch, scoreRows, writeScores } from './lead-scores.js';

export const RESCORE_QUEUE = 'lead-rescore';
export const DECAY_QUEUE = 'lead-score-decay';

export interface RescoreJob {
  workspace_id: string;
  /** `icp`: after a change, its progress shown to the member; `decay`: the daily pass. */
  reason: 'icp' | 'decay';
  /** The ICP version the job scores with; a newer one makes it stop. */
  version?: number;
}

/**
 * Rescoring a whole workspace in a job: after an ICP change (its progress kept on the ICP's row,
 * which GET /api/icp answers), and daily for every workspace with signals, as Intent decays.
 * Batches of 1,000 leads by id: one read with their signal aggregates, scores computed here, one
 * write to `lead_scores`; the next batch is read while one is scored and written.
 */
@Injectable()
export class RescoringService implements OnModuleInit {
  private readonly logger = new Logger(RescoringService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly jobs: JobsService,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.jobs.createQueue(RESCORE_QUEUE, { retryLimit: 2 });
    await this.jobs.work<RescoreJob>(RESCORE_QUEUE, (job: Job<RescoreJob>) =>
      this.rescoreWorkspace(job.data),
    );
    await this.jobs.createQueue(DECAY_QUEUE, { retryLimit: 2 });
    await this.jobs.schedule(DECAY_QUEUE, '20 3 * * *');
    await this.jobs.work(DECAY_QUEUE, () => this.queueDecay());
  }

  /** Queues the workspace's rescoring, in the caller's transaction. */
  async queue(manager: EntityManager, job: RescoreJob): Promise<void> {
    await this.jobs.send(RESCORE_QUEUE, job, { manager });
  }

  wake(): void {
    this.jobs.wake(RESCORE_QUEUE);
  }

  /** One decay job per workspace whose leads have signals, sent in one statement. */
  async queueDecay(): Promise<void> {
    await this.dataSource.query(
      this.jobs.sendEachSql(
        RESCORE_QUEUE,
        `(SELECT w.id FROM workspaces w
           WHERE EXISTS (SELECT 1 FROM leads l WHERE l.workspace_id = w.id AND l.last_signal_at IS NOT NULL)) w`,
        `json_build_object('workspace_id', w.id, 'reason', 'decay')`,
      ),
    );
  }

  async rescoreWorkspace(job: RescoreJob, now = new Date()): Promise<void> {
    const manager = this.dataSource.manager;
    const { icp, version } = await loadIcp(manager, job.workspace_id);
    const tracked = job.reason === 'icp';
    if (tracked && job.version !== undefined && job.version !== version) return;
    const [{ total }] = (await manager.query(
      `SELECT count(*)::int AS total FROM leads WHERE workspace_id = $1`,
      [job.workspace_id],
    )) as { total: number }[];
    if (tracked) await this.progress(job.workspace_id, version, 'running', 0);
    try {
      let done = 0;
      const read = (after: string | null) =>
        readBatch(
          manager,
          job.workspace_id,
          after,
          icp.half_life_days,
          now,
          job.reason === 'decay',
        );
      // The next batch is read while this one is scored and written.
      for (let rows = await read(null); rows.length > 0;) {
        const next = read(rows[rows.length - 1].id);
        next.catch(() => undefined);
        await writeScores(manager, job.workspace_id, scoreRows(icp, rows, now));
        done += rows.length;
        if (tracked) {
          const current = await this.progress(
            job.workspace_id,
            version,
            'running',
            Math.min(99, Math.floor((done / Math.max(total, 1)) * 100)),
          );
          // A newer ICP was saved: its own job takes over.
          if (!current) return;
        }
        rows = await next;
      }
      await this.tidyScores();
      if (tracked) await this.progress(job.workspace_id, version, 'done', 100);
    } catch (error) {
      if (tracked) await this.progress(job.workspace_id, version, 'failed', 0).catch(() => false);
      this.logger.error({ err: error }, 'Rescoring failed');
      throw error;
    }
  }

  /**
   * Marks the rewritten score rows visible to all, so the score sort and the list's count read
   * `lead_scores`' index alone again (an index-only scan) rather than a row per lead skipped.
   */
  private async tidyScores(): Promise<void> {
    await this.dataSource.query('VACUUM (ANALYZE) lead_scores').catch((error: unknown) => {
      this.logger.warn({ err: error }, 'Vacuuming lead_scores after rescoring failed');
    });
  }

  /** Records the job's state on the ICP's row while its version is current; false when it is not. */
  private async progress(
    workspaceId: string,
    version: number,
    status: 'running' | 'done' | 'failed',
    progress: number,
  ): Promise<boolean> {
    const [{ n }] = (await this.dataSource.query(
      `WITH updated AS (
       UPDATE workspace_icps
          SET rescore_status = $3::varchar, rescore_progress = $4,
              rescore_started_at = CASE WHEN $3::varchar = 'running' AND rescore_status <> 'running' THEN now() ELSE rescore_started_at END,
              rescore_finished_at = CASE WHEN $3::varchar = 'running' THEN NULL ELSE now() END
        WHERE workspace_id = $1 AND version = $2 RETURNING id)
       SELECT count(*)::int AS n FROM updated`,
      [workspaceId, version, status, progress],
    )) as { n: number }[];
    return n > 0;
  }
}
