import { mkdir, open, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { ImportFileCounts, LeadSource } from '@leadpulse/common';
import { AppConfig } from '../../config/app-config.js';
import { JobsService } from '../../jobs/jobs.service.js';
import { exportDateOfName } from './export-dates.js';
import { LeadImportEntity } from './lead-import.entity.js';
import type { ImportSource } from './lead-importer.js';
import { importSampleExports, runImport } from './run-import.js';
import { uploadStore } from './upload-store.js';
import { ArchiveTooLarge, ArchiveUnreadable, looksLikeZip } from './zip-archive.js';

export const LEAD_IMPORTS_QUEUE = 'lead-imports';

/**
 * The import job: copies the stored upload out of the database (any instance can), writes its
 * leads and signals batch by batch with the progress, records the counts, and deletes the upload.
 * Run twice (a retry), it adds nothing the first run added.
 */
@Injectable()
export class ImportJobService implements OnModuleInit {
  private readonly logger = new Logger(ImportJobService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly config: AppConfig,
    private readonly jobs: JobsService,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.jobs.createQueue(LEAD_IMPORTS_QUEUE, { retryLimit: 2, retryDelay: 5 });
    await this.jobs.work<{ importId: string }>(LEAD_IMPORTS_QUEUE, (job) =>
      this.process(job.data.importId, job.retryCount >= job.retryLimit),
    );
  }

  /** `lastAttempt`: no retry follows, so an unexpected failure is recorded and the upload deleted. */
  async process(importId: string, lastAttempt = false): Promise<void> {
    const repository = this.dataSource.getRepository(LeadImportEntity);
    const row = await repository.findOneBy({ id: importId });
    if (!row || row.status === 'done' || row.status === 'failed') return;
    await repository.update(row.id, { status: 'processing' });
    // This instance's copy of the stored upload, for as long as the job reads it.
    const upload = row.upload_name ? join(this.config.uploadDir, row.upload_name) : null;
    try {
      if (upload) {
        await mkdir(this.config.uploadDir, { recursive: true });
        await uploadStore.copyTo(this.dataSource.manager, row.id, upload);
      }
      const counts =
        row.kind === 'sample'
          ? await this.importSample(row)
          : await this.importUpload(row, upload!);
      await repository.update(row.id, {
        status: 'done',
        progress: 100,
        counts,
        upload_name: null,
        finished_at: new Date(),
      });
      await this.discard(row.id, upload);
    } catch (error) {
      const code =
        error instanceof ArchiveTooLarge
          ? 'import_too_large'
          : error instanceof ArchiveUnreadable || (error as { code?: string }).code === 'ENOENT'
            ? 'import_unreadable'
            : null;
      // Anything else (the database gone) is retried by the queue: the stored upload is kept
      // for it, and this instance's copy made again.
      if (!code && !lastAttempt) {
        if (upload) await rm(upload, { force: true });
        throw error;
      }
      this.logger.warn(`Import ${row.id} failed: ${code ?? (error as Error).message}`);
      await repository.update(row.id, {
        status: 'failed',
        error_code: code ?? 'import_failed',
        upload_name: null,
        finished_at: new Date(),
      });
      await this.discard(row.id, upload);
    }
  }

  /** Read or refused: the stored upload and this instance's copy go. */
  private async discard(importId: string, copy: string | null): Promise<void> {
    if (!copy) return;
    await uploadStore.delete(this.dataSource.manager, importId);
    await rm(copy, { force: true });
  }

  private async importUpload(
    row: LeadImportEntity,
    path: string,
  ): Promise<Record<string, ImportFileCounts>> {
    const handle = await open(path, 'r');
    const head = Buffer.alloc(4);
    await handle.read(head, 0, 4, 0);
    await handle.close();
    const zip = looksLikeZip(head) || /\.zip$/i.test(row.file_name);
    const asOf = exportDateOfName(row.file_name) ?? row.created_at;
    return this.run(row, zip ? 'linkedin_export' : 'csv', asOf, {
      path,
      fileName: row.file_name,
      zip,
      mapping: row.mapping,
    });
  }

  /** The sample's two exports, a month apart, one after the other (the second brings the job changes). */
  private importSample(row: LeadImportEntity): Promise<Record<string, ImportFileCounts>> {
    return importSampleExports(
      (work) => this.dataSource.transaction(work),
      { workspaceId: row.workspace_id, importId: row.id },
      this.config.uploadDir,
      (progress) => this.progress(row.id, progress),
    );
  }

  private run(
    row: LeadImportEntity,
    source: LeadSource,
    asOf: Date,
    input: ImportSource,
  ): Promise<Record<string, ImportFileCounts>> {
    return runImport(
      (work) => this.dataSource.transaction(work),
      { workspaceId: row.workspace_id, importId: row.id, source, asOf },
      input,
      (progress) => this.progress(row.id, progress),
    );
  }

  private async progress(importId: string, progress: number): Promise<void> {
    await this.dataSource.getRepository(LeadImportEntity).update(importId, { progress });
  }
}
