import { Redis } from 'ioredis';
import type { DataSource } from 'typeorm';

export interface Counter {
  hits: number;
  resetAt: Date;
}

/** Fixed-window counters shared by every instance of the product. */
export interface RateLimitStore {
  /** Counts one more hit in the key's current window (opening one if none is open). */
  hit(key: string, windowSeconds: number): Promise<Counter>;
  /** The key's open window, if any. */
  peek(key: string): Promise<Counter | undefined>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

export class PostgresRateLimitStore implements RateLimitStore {
  constructor(private readonly dataSource: DataSource) {}

  async hit(key: string, windowSeconds: number): Promise<Counter> {
    const [row] = (await this.dataSource.query(
      `INSERT INTO rate_limit_counters (key, hits, reset_at) VALUES ($1, 1, now() + make_interval(secs => $2))
       ON CONFLICT (key) DO UPDATE SET
         hits = CASE WHEN rate_limit_counters.reset_at <= now() THEN 1 ELSE rate_limit_counters.hits + 1 END,
         reset_at = CASE WHEN rate_limit_counters.reset_at <= now() THEN EXCLUDED.reset_at ELSE rate_limit_counters.reset_at END
       RETURNING hits, reset_at`,
      [key, windowSeconds],
    )) as { hits: number; reset_at: Date }[];
    // Expired windows are reopened on their next hit; the rest are swept now and then.
    if (Math.random() < 0.01) {
      await this.dataSource.query(
        `DELETE FROM rate_limit_counters WHERE reset_at < now() - interval '1 hour'`,
      );
    }
    return { hits: row.hits, resetAt: row.reset_at };
  }

  async peek(key: string): Promise<Counter | undefined> {
    const [row] = (await this.dataSource.query(
      `SELECT hits, reset_at FROM rate_limit_counters WHERE key = $1 AND reset_at > now()`,
      [key],
    )) as { hits: number; reset_at: Date }[];
    return row ? { hits: row.hits, resetAt: row.reset_at } : undefined;
  }

  async reset(key: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM rate_limit_counters WHERE key = $1`, [key]);
  }

  async close(): Promise<void> {}
}

export class RedisRateLimitStore implements RateLimitStore {
  private readonly redis: Redis;

  constructor(url: string) {
    this.redis = new Redis(url, {
      keyPrefix: 'leadpulse:rl:',
      maxRetriesPerRequest: 2,
      lazyConnect: false,
    });
  }

  async hit(key: string, windowSeconds: number): Promise<Counter> {
    const results = await this.redis
      .multi()
      .incr(key)
      .pexpire(key, windowSeconds * 1000, 'NX')
      .pttl(key)
      .exec();
    const hits = Number(results?.[0]?.[1]);
    const ttl = Number(results?.[2]?.[1]);
    return { hits, resetAt: new Date(Date.now() + Math.max(ttl, 0)) };
  }

  async peek(key: string): Promise<Counter | undefined> {
    const [hits, ttl] = await Promise.all([this.redis.get(key), this.redis.pttl(key)]);
    if (hits === null || ttl <= 0) return undefined;
    return { hits: Number(hits), resetAt: new Date(Date.now() + ttl) };
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(key);
  }

  async close(): Promise<void> {
    await this.redis.quit();
  }
}
