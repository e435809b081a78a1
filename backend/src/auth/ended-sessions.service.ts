import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationShutdown,
  type OnModuleInit,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import pg from 'pg';
import type { DataSource, EntityManager, TransactionCommitEvent } from 'typeorm';
import { AppConfig } from '../config/app-config.js';
import { DATABASE_URL } from '../database/database.module.js';

/** The PostgreSQL channel on which every instance hears of sign-ins that ended. */
export const SESSIONS_ENDED_CHANNEL = 'sessions_ended';

/** NOTIFY payloads are limited to 8000 bytes: a batch of ids stays well below. */
const IDS_PER_NOTIFICATION = 150;

const RECONNECT_DELAY_MS = 1_000;

/** Ids ended in a transaction, applied in this process once it commits. */
const PENDING = Symbol('endedSessions');

type QueryRunnerData = { [PENDING]?: string[] };

/**
 * The sign-ins (refresh-token families) that ended while access tokens issued for them may still
 * be unexpired. Access tokens name their sign-in (`sid`), and the JWT guards refuse those listed
 * here, so no request pays a database query for it.
 *
 * This process learns of its own ends when their transaction commits, and of every instance's
 * through PostgreSQL LISTEN/NOTIFY; after (re)connecting it reads the recent ends from
 * `refresh_tokens`, so nothing said while it was not listening is missed. An entry is kept as
 * long as an access token lives: any token of that sign-in has expired by then.
 */
@Injectable()
export class EndedSessionsService implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(EndedSessionsService.name);
  /** Sign-in id → when it may be forgotten (epoch ms). */
  private readonly ended = new Map<string, number>();
  private listener?: pg.Client;
  private reconnectTimer?: NodeJS.Timeout;
  private stopped = false;

  constructor(
    private readonly config: AppConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(DATABASE_URL) private readonly databaseUrl: string,
  ) {}

  async onModuleInit(): Promise<void> {
    this.dataSource.subscribers.push({
      afterTransactionCommit: (event: TransactionCommitEvent) => this.applyPending(event),
      afterTransactionRollback: (event: TransactionCommitEvent) => {
        delete (event.queryRunner.data as QueryRunnerData)[PENDING];
      },
    });
    // The embedded database is one process's own: there is no other instance to hear from.
    if (this.config.databaseUrl) await this.listen();
    else await this.loadRecent();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.reconnectTimer);
    await this.listener?.end().catch(() => undefined);
  }

  /** Whether the sign-in has ended. */
  has(sessionId: string): boolean {
    const forgetAt = this.ended.get(sessionId);
    if (forgetAt === undefined) return false;
    if (forgetAt > Date.now()) return true;
    this.ended.delete(sessionId);
    return false;
  }

  /**
   * Announces sign-ins ended by the caller's transaction: every instance refuses their access
   * tokens once it commits, none if it rolls back.
   */
  async announce(manager: EntityManager, sessionIds: string[]): Promise<void> {
    const ids = [...new Set(sessionIds)];
    if (ids.length === 0) return;
    for (let start = 0; start < ids.length; start += IDS_PER_NOTIFICATION) {
      await manager.query(`SELECT pg_notify($1, $2)`, [
        SESSIONS_ENDED_CHANNEL,
        ids.slice(start, start + IDS_PER_NOTIFICATION).join(','),
      ]);
    }
    const data = manager.queryRunner?.data as QueryRunnerData | undefined;
    if (data && manager.queryRunner?.isTransactionActive) (data[PENDING] ??= []).push(...ids);
    else this.add(ids);
  }

  private applyPending(event: TransactionCommitEvent): void {
    const data = event.queryRunner.data as QueryRunnerData;
    const ids = data[PENDING];
    delete data[PENDING];
    if (ids) this.add(ids);
  }

  private add(sessionIds: string[]): void {
    const forgetAt = Date.now() + this.config.auth.accessTtlSeconds * 1000;
    for (const id of sessionIds) this.ended.set(id, forgetAt);
    this.forgetExpired();
  }

  private forgetExpired(): void {
    const now = Date.now();
    for (const [id, forgetAt] of this.ended) if (forgetAt <= now) this.ended.delete(id);
  }

  private async listen(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.databaseUrl,
      application_name: 'leadpulse-sessions',
      connectionTimeoutMillis: 3_000,
    });
    client.on('notification', ({ channel, payload }) => {
      if (channel === SESSIONS_ENDED_CHANNEL && payload) this.add(payload.split(','));
    });
    client.on('error', (error) => {
      this.logger.warn(`Listening for ended sign-ins failed: ${error.message}`);
      this.reconnect(client);
    });
    client.on('end', () => this.reconnect(client));
    this.listener = client;
    try {
      await client.connect();
      await client.query(`LISTEN ${SESSIONS_ENDED_CHANNEL}`);
      await this.loadRecent();
    } catch (error) {
      this.logger.warn(`Listening for ended sign-ins failed: ${(error as Error).message}`);
      this.reconnect(client);
    }
  }

  private reconnect(client: pg.Client): void {
    if (this.stopped || this.listener !== client) return;
    this.listener = undefined;
    client.end().catch(() => undefined);
    this.reconnectTimer = setTimeout(() => void this.listen(), RECONNECT_DELAY_MS);
    this.reconnectTimer.unref();
  }

  /** Reads the sign-ins ended within an access token's lifetime (after start or a lost connection). */
  private async loadRecent(): Promise<void> {
    const rows: { family_id: string }[] = await this.dataSource.query(
      `SELECT DISTINCT family_id FROM refresh_tokens
       WHERE revoked_at > now() - make_interval(secs => $1)`,
      [this.config.auth.accessTtlSeconds],
    );
    this.add(rows.map((row) => row.family_id));
  }
}
