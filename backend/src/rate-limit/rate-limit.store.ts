import { Redis } from 'ioredis';
import type { DataSource } from 'typeorm';

export interface Counter {
  hits: number;
  resetAt: Date;
}

/** A conditional hit: taken only while the window has fewer than the limit. */
export interface Reservation extends Counter {
  taken: boolean;
}

/** Fixed-window counters shared by every instance of the product. */
export interface RateLimitStore {
  /** Counts one more hit in the key's current window (opening one if none is open). */
  hit(key: string, windowSeconds: number): Promise<Counter>;
  /**
   * Counts one more hit only if the key's window holds fewer than `limit`, in one atomic step,
   * so concurrent callers can never take more than `limit` between them.
   */
  reserve(key: string, limit: number, windowSeconds: number): Promise<Reservation>;
  /** Gives back a hit taken by `reserve`, unless its window has closed since. */
  release(key: string, taken: Counter): Promise<void>;
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

  async reserve(key: string, limit: number, windowSeconds: number): Promise<Reservation> {
    // The conflict row is locked and the WHERE sees its latest version: no two callers take the last slot.
    const [row] = (await this.dataSource.query(
      `INSERT INTO rate_limit_counters (key, hits, reset_at) VALUES ($1, 1, now() + make_interval(secs => $2))
       ON CONFLICT (key) DO UPDATE SET
         hits = CASE WHEN rate_limit_counters.reset_at <= now() THEN 1 ELSE rate_limit_counters.hits + 1 END,
         reset_at = CASE WHEN rate_limit_counters.reset_at <= now() THEN EXCLUDED.reset_at ELSE rate_limit_counters.reset_at END
       WHERE rate_limit_counters.reset_at <= now() OR rate_limit_counters.hits < $3
       RETURNING hits, reset_at`,
      [key, windowSeconds, limit],
    )) as { hits: number; reset_at: Date }[];
    if (row) return { taken: true, hits: row.hits, resetAt: row.reset_at };
    const full = await this.peek(key);
    return {
      taken: false,
      hits: full?.hits ?? limit,
      resetAt: full?.resetAt ?? new Date(Date.now() + windowSeconds * 1000),
    };
  }

  async release(key: string, taken: Counter): Promise<void> {
    // Same window: reset_at matches to the millisecond (JavaScript dates drop the microseconds).
    await this.dataSource.query(
      `UPDATE rate_limit_counters SET hits = hits - 1
       WHERE key = $1 AND hits > 0 AND reset_at > now()
         AND abs(extract(epoch FROM reset_at - $2::timestamptz)) < 0.001`,
      [key, taken.resetAt],
    );
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

/** Lua runs atomically in Redis: the check and the increment cannot interleave with another caller. */
const RESERVE_SCRIPT = `
local hits = tonumber(redis.call('GET', KEYS[1]) or '0')
if hits >= tonumber(ARGV[1]) then return {0, hits, redis.call('PTTL', KEYS[1])} end
hits = redis.call('INCR', KEYS[1])
redis.call('PEXPIRE', KEYS[1], ARGV[2], 'NX')
return {1, hits, redis.call('PTTL', KEYS[1])}`;

/** Windows are told apart by their end: a window reopened since the reservation ends later. */
const RELEASE_SCRIPT = `
local ttl = redis.call('PTTL', KEYS[1])
if ttl <= 0 or math.abs(tonumber(ARGV[1]) + ttl - tonumber(ARGV[2])) > 1000 then return 0 end
if tonumber(redis.call('GET', KEYS[1]) or '0') <= 0 then return 0 end
return redis.call('DECR', KEYS[1])`;

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

  async reserve(key: string, limit: number, windowSeconds: number): Promise<Reservation> {
    const [taken, hits, ttl] = (await this.redis.eval(
      RESERVE_SCRIPT,
      1,
      key,
      limit,
      windowSeconds * 1000,
    )) as [number, number, number];
    return { taken: taken === 1, hits, resetAt: new Date(Date.now() + Math.max(ttl, 0)) };
  }

  async release(key: string, taken: Counter): Promise<void> {
    await this.redis.eval(RELEASE_SCRIPT, 1, key, Date.now(), taken.resetAt.getTime());
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
