import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import {
  dailyDigestOn,
  displayStatus,
  isTimeZoneName,
  planBadge,
  type MemberRecord,
  type OwnMemberRecord,
} from '@leadpulse/common';
import { readPaymentIssue } from '../billing/dunning/payment-issue.js';
import { preparedRead } from '../database/prepared-read.js';
import type { NotificationPreferencesDto } from './dto/notification-preferences.dto.js';
import type { UpdateProfileDto } from './dto/update-profile.dto.js';
import { UserEntity, type NotificationPreferences } from './user.entity.js';
import { usersErrors } from './users.errors.js';

/** The member record the API answers (declared once in common/; dates are Date until JSON). */
export type MemberView = MemberRecord<Date>;
/** The member's own record: with what the member area says of a failed renewal. */
export type OwnMemberView = OwnMemberRecord<Date>;

export function toMemberView(user: UserEntity): MemberView {
  return {
    ...user,
    notification_preferences: notificationsOf(user),
    display_status: displayStatus(user),
    plan_badge: planBadge(user),
  };
}

/** The member's switches as they apply: the daily digest's default follows the plan. */
function notificationsOf(user: UserEntity): NotificationPreferences {
  return { ...user.notification_preferences, dailyDigest: dailyDigestOn(user) };
}

/** The signed-in member's own `users` record. */
@Injectable()
export class UsersService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async me(accountId: string): Promise<OwnMemberView> {
    const user = await this.findByAccount(accountId);
    const paymentIssue = await readPaymentIssue(this.dataSource, user);
    // The view itself, not a copy of it: the member area reads this record on every page.
    return Object.assign(toMemberView(user), { payment_issue: paymentIssue });
  }

  async updateProfile(accountId: string, changes: UpdateProfileDto): Promise<OwnMemberView> {
    const user = await this.findByAccount(accountId);
    const trimmed = Object.fromEntries(
      Object.entries(changes).map(([key, value]) => [
        key,
        typeof value === 'string' ? value.trim() : value,
      ]),
    );
    if (typeof trimmed.time_zone === 'string') await this.assertTimeZone(trimmed.time_zone);
    await this.dataSource.getRepository(UserEntity).update(user.id, trimmed);
    return this.me(accountId);
  }

  async setNotifications(
    accountId: string,
    preferences: NotificationPreferencesDto,
  ): Promise<NotificationPreferences> {
    const user = await this.findByAccount(accountId);
    const dailyDigest = preferences.dailyDigest ?? user.notification_preferences.dailyDigest;
    // Kept only once set: until then the daily digest follows the member's plan.
    const value = {
      emailUpdates: preferences.emailUpdates,
      featureAnnouncements: preferences.featureAnnouncements,
      billingAlerts: preferences.billingAlerts,
      weeklyDigest: preferences.weeklyDigest,
      ...(dailyDigest === undefined ? {} : { dailyDigest }),
    } as NotificationPreferences;
    await this.dataSource
      .getRepository(UserEntity)
      .update(user.id, { notification_preferences: value });
    return notificationsOf({ ...user, notification_preferences: value });
  }

  /**
   * 400 `invalid_time_zone` unless the zone is an IANA name that this runtime and PostgreSQL
   * both know: the digest's hour is worked out by the database.
   */
  private async assertTimeZone(zone: string): Promise<void> {
    if (!isTimeZoneName(zone)) throw usersErrors.invalidTimeZone();
    const [{ known }] = (await this.dataSource.query(
      `SELECT EXISTS (SELECT 1 FROM pg_timezone_names WHERE name = $1) AS known`,
      [zone],
    )) as { known: boolean }[];
    if (!known) throw usersErrors.invalidTimeZone();
  }

  private readonly userOfAccount = preparedRead(this.dataSource, UserEntity, 'auth_user_id');

  private async findByAccount(accountId: string): Promise<UserEntity> {
    const user = await this.userOfAccount(accountId);
    if (!user) throw usersErrors.profileNotFound();
    return user;
  }
}
