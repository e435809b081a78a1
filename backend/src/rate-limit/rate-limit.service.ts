import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { MESSAGES } from '@leadpulse/common';
import { AppException } from '../common/app.exception.js';
import { AppConfig } from '../config/app-config.js';
import type { RateLimitStore } from './rate-limit.store.js';

export const RATE_LIMIT_STORE = Symbol('RATE_LIMIT_STORE');

export type LimitedAction =
  'signup' | 'recover' | 'confirm' | 'refresh' | 'subscribe' | 'clientLogs' | 'checkout';

function tooManyRequests(resetAt: Date, message: string): AppException {
  const seconds = Math.max(1, Math.ceil((resetAt.getTime() - Date.now()) / 1000));
  return new AppException('too_many_requests', 429, message, undefined, {
    'retry-after': String(seconds),
  });
}

@Injectable()
export class RateLimitService implements OnApplicationShutdown {
  constructor(
    @Inject(RATE_LIMIT_STORE) private readonly store: RateLimitStore,
    private readonly config: AppConfig,
  ) {}

  /** Counts a request to a limited endpoint from one IP; 429 with Retry-After past the limit. */
  async consume(action: LimitedAction, ip: string): Promise<void> {
    const { limit, windowSeconds } = this.config.rateLimits[action];
    const counter = await this.store.hit(`${action}:ip:${ip}`, windowSeconds);
    if (counter.hits > limit)
      throw tooManyRequests(counter.resetAt, MESSAGES.session.tooManyRequests);
  }

  /** Refuses a sign-in before any password is checked once the account or the IP failed too often. */
  async assertLoginAllowed(email: string, ip: string): Promise<void> {
    const { loginPerAccount, loginPerIp } = this.config.rateLimits;
    const [account, address] = await Promise.all([
      this.store.peek(this.accountKey(email)),
      this.store.peek(`login:ip:${ip}`),
    ]);
    for (const [counter, limit] of [
      [account, loginPerAccount.limit],
      [address, loginPerIp.limit],
    ] as const) {
      if (counter && counter.hits >= limit)
        throw tooManyRequests(counter.resetAt, MESSAGES.login.tooManyRequests);
    }
  }

  async recordLoginFailure(email: string, ip: string): Promise<void> {
    const { loginPerAccount, loginPerIp } = this.config.rateLimits;
    await this.store.hit(this.accountKey(email), loginPerAccount.windowSeconds);
    await this.store.hit(`login:ip:${ip}`, loginPerIp.windowSeconds);
  }

  async recordLoginSuccess(email: string): Promise<void> {
    await this.store.reset(this.accountKey(email));
  }

  private accountKey(email: string): string {
    return `login:account:${email.trim().toLowerCase()}`;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.store.close();
  }
}
