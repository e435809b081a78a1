import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { FastifyRequest } from 'fastify';
import { DataSource } from 'typeorm';
import {
  CSV_MAPPING_FIELDS,
  type CsvMapping,
  type LeadImport,
  type Paged,
} from '@leadpulse/common';
import { AppConfig } from '../../config/app-config.js';
import { JobsService } from '../../jobs/jobs.service.js';
import { LEADS_ERRORS } from '../leads.errors.js';
import { pageOf } from '../leads/leads-list.js';
import { PlanGateService } from '../usage/plan-gate.service.js';
import type { WorkspaceContext } from '../workspaces/workspaces.service.js';
import { LEAD_IMPORTS_QUEUE } from './import-job.service.js';
import { LeadImportEntity } from './lead-import.entity.js';
import { toLeadImport } from './lead-import.mapper.js';
import { uploadStore } from './upload-store.js';
import { ARCHIVE_LIMITS, ArchiveTooLarge, looksLikeZip, openArchive } from './zip-archive.js';

interface Upload {
  path: string;
  fileName: string;
  size: number;
  zip: boolean;
}

/** The bytes of a CSV looked at to tell it from a binary file. */
const SNIFF_BYTES = 64 * 1024;

/** Reads a `mapping` field: `{ field: column header }` with known fields only. */
function parseMapping(raw: string): CsvMapping {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw LEADS_ERRORS.invalid('mapping', 'mapping must be a JSON object of field to column.');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw LEADS_ERRORS.invalid('mapping', 'mapping must be a JSON object of field to column.');
  const mapping: CsvMapping = {};
  for (const [field, column] of Object.entries(value)) {
    if (!(CSV_MAPPING_FIELDS as readonly string[]).includes(field))
      throw LEADS_ERRORS.invalid(
        'mapping',
        `mapping.${field} is not a lead field; it takes ${CSV_MAPPING_FIELDS.join(', ')}.`,
      );
    if (column === null || column === '') continue;
    if (typeof column !== 'string' || column.length > 200)
      throw LEADS_ERRORS.invalid('mapping', `mapping.${field} must be a column's header.`);
    mapping[field as keyof CsvMapping] = column;
  }
  return mapping;
}

/** Imports of the caller's workspace: uploads, the sample, and what each did. */
@Injectable()
export class ImportsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly config: AppConfig,
    private readonly jobs: JobsService,
    private readonly gate: PlanGateService,
  ) {}

  /**
   * Streams the upload to this instance's upload folder, checks it (a ZIP's limits before anything is
   * inflated; a CSV is text), stores it in the database for the job and queues the job: 202
   * with the queued import.
   */
  async upload(workspace: WorkspaceContext, request: FastifyRequest): Promise<LeadImport<Date>> {
    if (!request.isMultipart()) throw LEADS_ERRORS.importFileRequired();
    await this.dataSource.transaction((manager) => this.gate.lockForWrite(manager, workspace));
    let upload: Upload | undefined;
    let mapping: CsvMapping | null = null;
    try {
      for await (const part of request.parts()) {
        if (part.type === 'field') {
          if (part.fieldname === 'mapping' && typeof part.value === 'string' && part.value.trim())
            mapping = parseMapping(part.value);
          continue;
        }
        if (part.fieldname !== 'file' || upload) {
          part.file.resume();
          continue;
        }
        upload = await this.store(part.filename, part.file);
      }
    } catch (error) {
      if (upload) await rm(upload.path, { force: true });
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
        throw LEADS_ERRORS.importTooLarge();
      if ((error as { code?: string }).code === 'FST_FILES_LIMIT')
        throw LEADS_ERRORS.importTooLarge();
      throw error;
    }
    if (!upload) throw LEADS_ERRORS.importFileRequired();
    try {
      await this.check(upload);
      return await this.queue(
        workspace,
        {
          kind: upload.zip ? 'linkedin_export' : 'csv',
          fileName: upload.fileName,
          uploadName: upload.path.split('/').pop()!,
          size: upload.size,
          mapping: upload.zip ? null : mapping,
        },
        upload.path,
      );
    } finally {
      // Stored in the database with its import (or refused): this instance's copy is done with.
      await rm(upload.path, { force: true });
    }
  }

  /** Queues the generated sample: two exports a month apart, for a new member to try everything. */
  async sample(workspace: WorkspaceContext): Promise<LeadImport<Date>> {
    return this.queue(workspace, {
      kind: 'sample',
      fileName: 'Sample LinkedIn export',
      uploadName: null,
      size: 0,
      mapping: null,
    });
  }

  async list(
    workspace: WorkspaceContext,
    query: { page?: number; pageSize?: number },
  ): Promise<Paged<LeadImport<Date>>> {
    const { page, pageSize } = pageOf(query);
    const [rows, count] = await this.dataSource.getRepository(LeadImportEntity).findAndCount({
      where: { workspace_id: workspace.id },
      order: { created_at: 'DESC', id: 'DESC' },
      skip: (page - 1) * pageSize,
      take: pageSize,
    });
    return {
      data: rows.map(toLeadImport),
      count,
      page,
      pageSize,
      totalPages: Math.ceil(count / pageSize),
    };
  }

  async get(workspace: WorkspaceContext, id: string): Promise<LeadImport<Date>> {
    const row = await this.dataSource
      .getRepository(LeadImportEntity)
      .findOneBy({ id, workspace_id: workspace.id });
    if (!row) throw LEADS_ERRORS.importNotFound();
    return toLeadImport(row);
  }

  private async store(
    fileName: string,
    file: NodeJS.ReadableStream & { truncated?: boolean },
  ): Promise<Upload> {
    await mkdir(this.config.uploadDir, { recursive: true });
    const path = join(this.config.uploadDir, `${randomUUID()}.upload`);
    let size = 0;
    file.on('data', (chunk: Buffer) => (size += chunk.length));
    try {
      await pipeline(file, createWriteStream(path, { mode: 0o600 }));
    } catch (error) {
      await rm(path, { force: true });
      throw error;
    }
    if (file.truncated || size > ARCHIVE_LIMITS.bytes) {
      await rm(path, { force: true });
      throw LEADS_ERRORS.importTooLarge();
    }
    const handle = await open(path, 'r');
    const head = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(head, 0, SNIFF_BYTES, 0);
    await handle.close();
    const start = head.subarray(0, bytesRead);
    const name = (fileName || 'upload').slice(0, 255);
    return { path, fileName: name, size, zip: looksLikeZip(start) || /\.zip$/i.test(name) };
  }

  /** A ZIP within its limits (nothing inflated), or a CSV that is text: 413 or 400 otherwise. */
  private async check(upload: Upload): Promise<void> {
    if (upload.size === 0) throw LEADS_ERRORS.importUnreadable('the file is empty');
    if (!upload.zip) {
      const handle = await open(upload.path, 'r');
      const head = Buffer.alloc(SNIFF_BYTES);
      const { bytesRead } = await handle.read(head, 0, SNIFF_BYTES, 0);
      await handle.close();
      if (head.subarray(0, bytesRead).includes(0)) throw LEADS_ERRORS.importUnreadable();
      return;
    }
    try {
      (await openArchive(upload.path)).close();
    } catch (error) {
      if (error instanceof ArchiveTooLarge) throw LEADS_ERRORS.importTooLarge();
      throw LEADS_ERRORS.importUnreadable();
    }
  }

  /** The import's row, its upload's parts (when it has one) and its job, in one transaction. */
  private async queue(
    workspace: WorkspaceContext,
    values: {
      kind: string;
      fileName: string;
      uploadName: string | null;
      size: number;
      mapping: CsvMapping | null;
    },
    uploadPath?: string,
  ): Promise<LeadImport<Date>> {
    const row = await this.dataSource.transaction(async (manager) => {
      await this.gate.lockForWrite(manager, workspace);
      const saved = await manager.save(
        manager.create(LeadImportEntity, {
          workspace_id: workspace.id,
          created_by: workspace.userId,
          kind: values.kind,
          file_name: values.fileName,
          upload_name: values.uploadName,
          size_bytes: String(values.size),
          mapping: values.mapping,
          status: 'queued',
          progress: 0,
          counts: {},
        }),
      );
      if (uploadPath) await uploadStore.put(manager, saved.id, uploadPath);
      await this.jobs.send(LEAD_IMPORTS_QUEUE, { importId: saved.id }, { manager });
      return saved;
    });
    this.jobs.wake(LEAD_IMPORTS_QUEUE);
    return toLeadImport(row);
  }
}
