import type { EntityManager } from 'typeorm';
import { forgetJobsMentioning } from '../jobs/jobs.service.js';
import { mentions, scrubRows, type ErasedPerson } from './personal-data-scrub.js';
import { UserEntity } from './user.entity.js';

/** One kind of personal data and how deletion erases it, in the deletion's transaction. */
export interface Erasure {
  /** What it erases, as the README's deletion section lists it. */
  what: string;
  erase(manager: EntityManager, person: ErasedPerson): Promise<void>;
}

/**
 * Everything "Delete my account" erases: a table that holds personal data adds its entry here
 * (the deletion test searches every text and JSON column of every table for what is left).
 * What stays, and why, is in the README's deletion section: payments and subscriptions (with
 * the anonymised row as their reference), cards' brand, last 4 and expiry, audit rows (scrubbed).
 */
export const ERASURES: readonly Erasure[] = [
  // First: processing an event locks its row, then the user's; taken in that order here too,
  // a concurrent event (the cancelled subscription's, say) waits instead of deadlocking.
  {
    what: 'Stripe events received about their customer or address',
    erase: (manager, person) =>
      scrubRows(
        manager,
        person,
        'stripe_events',
        ['event_data', 'error_message'],
        `($3 <> '' AND strpos(event_data::text, $3) > 0) OR ${mentions('event_data')}`,
      ),
  },
  {
    what: 'the sign-in account, with its sessions, links and two-step factors',
    erase: async (manager, person) => {
      if (person.accountId)
        await manager.query(`DELETE FROM auth_accounts WHERE id = $1`, [person.accountId]);
    },
  },
  {
    what: 'back-office roles',
    erase: (manager, person) =>
      manager.query(`DELETE FROM admin_roles WHERE user_id = $1`, [person.userId]),
  },
  {
    what: 'the profile: address, names, phone, company, job title, time zone, billing details',
    erase: async (manager, person) => {
      await manager.getRepository(UserEntity).update(person.userId, {
        email: person.anonymous,
        first_name: '',
        last_name: '',
        phone: null,
        company: null,
        job_title: null,
        time_zone: null,
        billing_name: null,
        billing_email: null,
        billing_phone: null,
        billing_address: null,
        status: 'deleted',
        deleted_at: new Date(),
        is_admin: false,
      });
    },
  },
  {
    what: 'the newsletter subscription',
    erase: (manager, person) =>
      manager.query(`DELETE FROM newsletter_subscriptions WHERE email = ANY($1::citext[])`, [
        person.emails,
      ]),
  },
  {
    what: 'the e-mails sent to them: address, contents, subject and delivery errors',
    erase: async (manager, person) => {
      await scrubRows(
        manager,
        person,
        'emails',
        ['to_email', 'subject', 'last_error'],
        `user_id = $1 OR to_email = ANY($4::citext[])`,
      );
      await manager.query(
        `UPDATE emails SET data = '{}'::jsonb, updated_at = now() WHERE user_id = $1 OR to_email = $2`,
        [person.userId, person.anonymous],
      );
    },
  },
  {
    what: 'founding holds: address, names, phone, client address',
    erase: (manager, person) =>
      manager.query(
        `UPDATE founding_reservations SET email = $1, first_name = NULL, last_name = NULL,
            phone = NULL, client_ip = NULL, updated_at = now()
          WHERE user_id = $2 OR email = ANY($3::citext[])`,
        [person.anonymous, person.userId, person.emails],
      ),
  },
  {
    what: 'audit rows: their address, names and phone in descriptions and changed values',
    erase: (manager, person) =>
      scrubRows(
        manager,
        person,
        'admin_actions',
        ['details'],
        `target_user_id = $1 OR admin_id = $1 OR ${mentions('details')}`,
      ),
  },
  {
    what: 'error reports that name them',
    erase: (manager, person) =>
      scrubRows(
        manager,
        person,
        'error_reports',
        ['message', 'stack', 'component_stack', 'url'],
        `${mentions('message')} OR ${mentions('stack')} OR ${mentions('url')}`,
      ),
  },
  {
    what: 'sign-in attempt counters kept under their address',
    erase: (manager, person) =>
      manager.query(
        `DELETE FROM rate_limit_counters
          WHERE EXISTS (SELECT 1 FROM unnest($1::text[]) AS e(address)
                         WHERE strpos(lower(key), lower(e.address)) > 0)`,
        [person.emails],
      ),
  },
  {
    what: 'background jobs about their address (a password reset asked for, say)',
    erase: (manager, person) => forgetJobsMentioning(manager, person.emails),
  },
];
