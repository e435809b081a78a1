import { randomUUID } from 'node:crypto';
import { preparedRead } from '../src/database/prepared-read.js';
import { SubscriptionHistoryEntity } from '../src/revenue/subscription-history.entity.js';
import { UserEntity } from '../src/users/user.entity.js';
import { signUpAndConfirm } from './support/accounts.js';
import { NO_RATE_LIMITS, resetDatabase, startTestApp, type TestApp } from './support/test-app.js';

/** preparedRead answers the row TypeORM reads, value for value, whatever the columns hold. */
describe('preparedRead', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ env: NO_RATE_LIMITS });
    await resetDatabase(t.dataSource);
  });
  afterAll(() => t.close());

  const readByAccount = () => preparedRead(t.dataSource, UserEntity, 'auth_user_id');
  const typeormRead = (accountId: string) =>
    t.dataSource.getRepository(UserEntity).findOneByOrFail({ auth_user_id: accountId });

  it('reads every column as TypeORM does: dates to the millisecond, JSON, nulls, text', async () => {
    const session = await signUpAndConfirm(t.app, t.dataSource);
    const accountId = session.user.id;
    // Every column set, dates with microseconds (node-postgres keeps milliseconds), one date at
    // infinity, text that looks like JSON and like a date, and a JSON document with a quote.
    await t.dataSource.query(
      `UPDATE users SET
         phone = '+1 555 0100', company = 'Engines "Analytical" & Co', job_title = '2026-01-01T00:00:00',
         suspended_at = '2026-03-04 05:06:07.123456+00', suspension_reason = '{"not": "json"}',
         status_before_suspension = 'active', deleted_at = '1999-12-31 23:59:59.999999+00',
         founding_member = true, founding_member_purchased_at = '2026-02-03 04:05:06.5+05:30',
         founding_member_transitioned_at = now(), founding_reminder_sent_at = 'infinity',
         subscription_plan = 'prospector', subscription_status = 'active',
         current_period_end = '2026-12-01 00:00:00+00', stripe_customer_id = $2,
         stripe_subscription_id = 'sub_123', promo_active = true, promo_type = 'lifetime',
         promo_expiration_date = '2027-01-01 12:00:00.000001+00', billing_name = 'Ada',
         billing_email = 'ADA@Example.com', billing_phone = '555',
         billing_address = '{"line1": "1 \\"Main\\" St", "city": "London", "postal_code": null}',
         last_sync_at = now(), complimentary_plan = 'prospector',
         complimentary_expires_at = '2027-06-01 00:00:00+00',
         notification_preferences = '{"emailUpdates": false, "weeklyDigest": true}'
       WHERE auth_user_id = $1`,
      [accountId, `cus_${randomUUID()}`],
    );
    const row = await readByAccount()(accountId);
    const entity = await typeormRead(accountId);
    expect(row).toEqual({ ...entity });
    expect(Object.keys(row!)).toEqual(Object.keys(entity));
    expect(row!.suspended_at).toBeInstanceOf(Date);
    expect(row!.suspended_at!.toISOString()).toBe('2026-03-04T05:06:07.123Z');
    expect(row!.founding_member_purchased_at!.toISOString()).toBe('2026-02-02T22:35:06.500Z');
    expect(row!.founding_reminder_sent_at).toBe(Infinity);
    expect(row!.billing_address).toEqual({
      line1: '1 "Main" St',
      city: 'London',
      postal_code: null,
    });
    expect(row!.job_title).toBe('2026-01-01T00:00:00');
  });

  it('reads a row with its nullable columns empty, and none for an unknown key', async () => {
    const session = await signUpAndConfirm(t.app, t.dataSource);
    const read = readByAccount();
    const [row, entity] = await Promise.all([read(session.user.id), typeormRead(session.user.id)]);
    expect(row).toEqual({ ...entity });
    expect(row!.suspended_at).toBeNull();
    expect(await read(randomUUID())).toBeNull();
  });

  it('reads the same under concurrent calls on every connection of the pool', async () => {
    const sessions = await Promise.all(
      Array.from({ length: 3 }, () => signUpAndConfirm(t.app, t.dataSource)),
    );
    const read = readByAccount();
    const ids = Array.from({ length: 60 }, (_, index) => sessions[index % 3].user.id);
    const rows = await Promise.all(ids.map((id) => read(id)));
    expect(rows.map((row) => row!.auth_user_id)).toEqual(ids);
  });

  it('refuses an entity whose columns it cannot read as TypeORM does', async () => {
    const read = preparedRead(t.dataSource, SubscriptionHistoryEntity, 'id');
    await expect(read(randomUUID())).rejects.toThrow(/numeric.*read it with TypeORM/);
  });
});
