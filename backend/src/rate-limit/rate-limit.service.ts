import { createHash } from 'node:crypto';
import { isIPv6 } from 'node:net';
import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { MESSAGES } from '@leadpulse/common';
import { tooManyRequests } from './rate-limit.errors.js';
import { AppConfig } from '../config/app-config.js';
import type { Counter, RateLimitStore } from './rate-limit.store.js';

export const RATE_LIMIT_STORE = Symbol('RATE_LIMIT_STORE');

export type LimitedAction =
  'signup' | 'recover' | 'confirm' | 'refresh' | 'subscribe' | 'clientLogs' | 'checkout' | 'export';

/** The ceiling on failed sign-ins at one account from all addresses, as a multiple of its per-address limit. */
const ACCOUNT_CEILING_FACTOR = 10;

/**
 * The client as sign-in limits count it: an IPv4 address, or an IPv6 address's /64 network,
 * the block one subscriber usually holds whole, so a guesser cannot draw fresh addresses from it.
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1];
  if (!isIPv6(ip)) return ip;
  const [head, tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::')
    ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

interface ReservedSlot {
  key: string;
  counter: Counter;
}

async function releaseAll(store: RateLimitStore, slots: ReservedSlot[]): Promise<void> {
  await Promise.all(slots.map((slot) => store.release(slot.key, slot.counter)));
}

/**
 * Password checks counted before they run, so that however requests are timed no more than the
 * limit are ever checked: a wrong password keeps its slots as a failure, anything else gives
 * them back.
 */
export class PasswordAttempt {
  constructor(
    private readonly store: RateLimitStore,
    private readonly slots: ReservedSlot[],
    private readonly clearedBySuccess: string[],
  ) {}

  /** The check did not happen or did not count (an error, an unconfirmed e-mail). */
  release(): Promise<void> {
    return releaseAll(this.store, this.slots);
  }

  /** The right password clears the failures it is trusted with and gives back its other slots. */
  async succeeded(): Promise<void> {
    await releaseAll(
      this.store,
      this.slots.filter((slot) => !this.clearedBySuccess.includes(slot.key)),
    );
    await Promise.all(this.clearedBySuccess.map((key) => this.store.reset(key)));
  }
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

  /** Counts a request by one account (what a member may do only so often); 429 past the limit. */
  async consumeForAccount(action: LimitedAction, accountId: string): Promise<void> {
    const { limit, windowSeconds } = this.config.rateLimits[action];
    const counter = await this.store.hit(`${action}:account:${accountId}`, windowSeconds);
    if (counter.hits > limit)
      throw tooManyRequests(counter.resetAt, MESSAGES.session.tooManyRequests);
  }

  /**
   * Reserves one sign-in attempt before the password is checked, 429 past a limit. Failures are
   * counted per account and address together, so a guesser locks out only their own address
   * and not the owner; the per-address limit stops spraying many accounts. A ceiling per account
   * (ten times that limit) stops guessing spread over many addresses: past it, an address that
   * has failed at the account is refused, while one that has not still gets its attempt, so the
   * owner signs in from their own address and a guesser gets one try per address and window.
   */
  async reserveLogin(email: string, ip: string): Promise<PasswordAttempt> {
    const { loginPerAccount, loginPerIp } = this.config.rateLimits;
    const account = email.trim().toLowerCase();
    const address = addressKey(ip);
    const accountFromAddress = `login:ip:${address}:account:${createHash('sha256').update(account).digest('hex')}`;
    const taken = await this.reserveAll(
      [
        [accountFromAddress, loginPerAccount.limit, loginPerAccount.windowSeconds],
        [`login:ip:${address}`, loginPerIp.limit, loginPerIp.windowSeconds],
      ],
      MESSAGES.login.tooManyRequests,
    );
    const ceiling = `login:account:${account}`;
    // The first attempt in this address's window: no failure of its own yet.
    const firstFromAddress = taken[0].counter.hits === 1;
    try {
      if (firstFromAddress)
        taken.push({
          key: ceiling,
          counter: await this.store.hit(ceiling, loginPerAccount.windowSeconds),
        });
      else
        taken.push(
          ...(await this.reserveAll(
            [
              [
                ceiling,
                loginPerAccount.limit * ACCOUNT_CEILING_FACTOR,
                loginPerAccount.windowSeconds,
              ],
            ],
            MESSAGES.login.tooManyRequests,
          )),
        );
    } catch (error) {
      await releaseAll(this.store, taken);
      throw error;
    }
    return new PasswordAttempt(this.store, taken, [accountFromAddress]);
  }

  /** Reserves one check of a signed-in member's current password, limited per account like sign-in. */
  async reservePasswordCheck(accountId: string): Promise<PasswordAttempt> {
    const { loginPerAccount } = this.config.rateLimits;
    const key = `password:account:${accountId}`;
    const taken = await this.reserveAll(
      [[key, loginPerAccount.limit, loginPerAccount.windowSeconds]],
      MESSAGES.session.tooManyRequests,
    );
    return new PasswordAttempt(this.store, taken, [key]);
  }

  /**
   * Reserves one check of a two-step code by a signed-in member (turning it on or off), limited
   * per account like sign-in, so a borrowed session cannot guess its way past the second step.
   */
  async reserveCodeCheck(accountId: string): Promise<PasswordAttempt> {
    const { loginPerAccount } = this.config.rateLimits;
    const key = `mfa:account:${accountId}`;
    const taken = await this.reserveAll(
      [[key, loginPerAccount.limit, loginPerAccount.windowSeconds]],
      MESSAGES.session.tooManyRequests,
    );
    return new PasswordAttempt(this.store, taken, [key]);
  }

  /** Counts one event in the key's fixed window, answering how many the window holds now. */
  async countInWindow(key: string, windowSeconds: number): Promise<number> {
    return (await this.store.hit(key, windowSeconds)).hits;
  }

  /** Takes a slot in every counter or none: a refusal gives back the slots already taken. */
  private async reserveAll(
    limits: [key: string, limit: number, windowSeconds: number][],
    message: string,
  ): Promise<ReservedSlot[]> {
    const taken: ReservedSlot[] = [];
    for (const [key, limit, windowSeconds] of limits) {
      const reservation = await this.store
        .reserve(key, limit, windowSeconds)
        .catch(async (error: unknown) => {
          await releaseAll(this.store, taken);
          throw error;
        });
      if (!reservation.taken) {
        await releaseAll(this.store, taken);
        throw tooManyRequests(reservation.resetAt, message);
      }
      taken.push({ key, counter: reservation });
    }
    return taken;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.store.close();
  }
}
