import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { WEBHOOK_SIGNATURE_HEADER } from '@leadpulse/common';
import { AppConfig } from '../../config/app-config.js';
import { JobsService, type Job } from '../../jobs/jobs.service.js';
import {
  RefusedWebhookAddress,
  resolveWebhookTarget,
  type ResolvedTarget,
} from './webhook-address.js';
import { signWebhook } from './webhook-signature.js';

export const AUTOMATION_WEBHOOKS_QUEUE = 'automation-webhooks';
/** How long a receiver has to answer, and how much of its answer is kept. */
const TIMEOUT_MS = 10_000;
const KEPT_ANSWER = 500;

interface DeliveryJob {
  delivery_id: string;
}

interface Answer {
  status: number;
  body: string;
}

/** A connection to one of the checked addresses, whatever the name would resolve to by then. */
function pinnedLookup(targets: ResolvedTarget[]): LookupFunction {
  return (_hostname, options, callback) => {
    if ((options as { all?: boolean }).all)
      (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(
        null,
        targets,
      );
    else callback(null, targets[0].address, targets[0].family);
  };
}

function post(
  url: URL,
  targets: ResolvedTarget[],
  body: string,
  signature: string,
): Promise<Answer> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: 'POST',
        lookup: pinnedLookup(targets),
        timeout: TIMEOUT_MS,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'user-agent': 'LeadPulse-Webhooks/1.0',
          [WEBHOOK_SIGNATURE_HEADER]: signature,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        let kept = 0;
        response.on('data', (chunk: Buffer) => {
          if (kept < KEPT_ANSWER * 4) {
            chunks.push(chunk);
            kept += chunk.length;
          }
        });
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8').slice(0, KEPT_ANSWER),
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('timeout', () =>
      request.destroy(new Error(`No answer within ${TIMEOUT_MS / 1000} s`)),
    );
    request.on('error', reject);
    request.end(body);
  });
}

/**
 * Calls a run's webhooks from a job: signed with the rule's secret, retried with backoff by the
 * queue, each answer (status and first 500 characters) kept. In production an address that is,
 * or resolves to, loopback or private, or plain HTTP, is refused and never called.
 */
@Injectable()
export class WebhookDeliveryService implements OnModuleInit {
  private readonly logger = new Logger(WebhookDeliveryService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly jobs: JobsService,
    private readonly config: AppConfig,
  ) {}

  async onModuleInit(): Promise<void> {
    const { webhookRetryLimit, webhookRetryDelaySeconds } = this.config.automation;
    await this.jobs.createQueue(AUTOMATION_WEBHOOKS_QUEUE, {
      retryLimit: webhookRetryLimit,
      retryDelay: webhookRetryDelaySeconds,
      retryBackoff: true,
    });
    await this.jobs.work<DeliveryJob>(AUTOMATION_WEBHOOKS_QUEUE, (job) => this.deliver(job));
  }

  async deliver(job: Job<DeliveryJob>): Promise<void> {
    const [row] = (await this.dataSource.query(
      `SELECT d.id, d.url, d.body, d.status, r.webhook_secret
         FROM automation_webhook_deliveries d
         JOIN automation_rules r ON r.id = d.rule_id AND r.workspace_id = d.workspace_id
        WHERE d.id = $1`,
      [job.data.delivery_id],
    )) as { id: string; url: string; body: string; status: string; webhook_secret: string }[];
    // Gone with its rule, or already settled: a replayed job calls nothing.
    if (!row || !['pending', 'retrying'].includes(row.status)) return;
    const url = new URL(row.url);
    let targets: ResolvedTarget[];
    try {
      targets = await resolveWebhookTarget(url, this.config.automation.webhookAllowPrivate);
    } catch (error) {
      if (!(error instanceof RefusedWebhookAddress)) throw error;
      await this.record(row.id, 'refused', { error: error.message });
      return;
    }
    const signature = signWebhook(row.webhook_secret, row.body, Math.floor(Date.now() / 1000));
    const last = job.retryCount >= job.retryLimit;
    let answer: Answer;
    try {
      answer = await post(url, targets, row.body, signature);
    } catch (error) {
      const message = (error as Error).message.slice(0, 500);
      await this.record(row.id, last ? 'failed' : 'retrying', { error: message });
      if (last) return;
      throw new Error(`Webhook ${row.id} not delivered: ${message}`, { cause: error });
    }
    if (answer.status >= 200 && answer.status < 300) {
      await this.record(row.id, 'delivered', { answer });
      return;
    }
    await this.record(row.id, last ? 'failed' : 'retrying', {
      answer,
      error: `The receiver answered ${answer.status}.`,
    });
    if (!last) throw new Error(`Webhook ${row.id} answered ${answer.status}`);
    this.logger.warn(`Webhook ${row.id} failed after ${job.retryCount + 1} attempts`);
  }

  private async record(
    id: string,
    status: 'delivered' | 'retrying' | 'failed' | 'refused',
    result: { answer?: Answer; error?: string },
  ): Promise<void> {
    await this.dataSource.query(
      `UPDATE automation_webhook_deliveries
          SET status = $2::varchar, attempts = attempts + CASE WHEN $2::varchar = 'refused' THEN 0 ELSE 1 END,
              response_status = $3, response_body = $4, error = $5, last_attempt_at = now(),
              delivered_at = CASE WHEN $2::varchar = 'delivered' THEN now() ELSE delivered_at END
        WHERE id = $1`,
      [
        id,
        status,
        result.answer?.status ?? null,
        result.answer?.body ?? null,
        result.error ?? null,
      ],
    );
  }
}
