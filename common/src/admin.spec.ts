import { describe, expect, it } from 'vitest';
import {
  canCreateUser,
  paginationText,
  permissionsLabel,
  promoDaysLeft,
  promoDuration,
  promoTypeLabel,
} from './admin.js';
import { auditActorName, auditFieldLabel, isMemberAction } from './audit.js';

describe('promoDaysLeft', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  it('is the ceiling of the remaining days', () => {
    expect(promoDaysLeft('2026-11-23T12:00:00Z', now)).toBe(1);
    expect(promoDaysLeft('2026-11-23T12:00:01Z', now)).toBe(2);
    expect(promoDaysLeft('2026-11-22T12:00:01Z', now)).toBe(1);
    expect(promoDaysLeft(new Date('2027-02-20T12:00:00Z'), now)).toBe(90);
  });
  it('never goes below 0, and is 0 without an expiry or with a bad one', () => {
    expect(promoDaysLeft('2026-11-01T00:00:00Z', now)).toBe(0);
    expect(promoDaysLeft('2026-11-22T12:00:00Z', now)).toBe(0);
    expect(promoDaysLeft(null, now)).toBe(0);
    expect(promoDaysLeft('not a date', now)).toBe(0);
  });
});

describe('promoDuration', () => {
  it('reads whole days', () => {
    expect(promoDuration('30')).toBe(30);
    expect(promoDuration(14)).toBe(14);
    expect(promoDuration('7.9')).toBe(7);
  });
  it('falls back to 90 when the input is not a usable number', () => {
    for (const input of ['', 'abc', '0', '-5', null, undefined, Number.NaN])
      expect(promoDuration(input)).toBe(90);
  });
  it('caps absurd durations at ten years', () => {
    expect(promoDuration('999999')).toBe(3650);
  });
});

describe('canCreateUser', () => {
  it('needs e-mail, first and last name, ignoring blanks', () => {
    expect(canCreateUser({ email: 'a@b.co', first_name: 'A', last_name: 'B' })).toBe(true);
    expect(canCreateUser({ email: 'a@b.co', first_name: 'A', last_name: ' ' })).toBe(false);
    expect(canCreateUser({ email: '', first_name: 'A', last_name: 'B' })).toBe(false);
    expect(canCreateUser({ first_name: 'A', last_name: 'B' })).toBe(false);
  });
});

describe('the generic list texts', () => {
  it('says which rows and page are shown', () => {
    expect(paginationText(1, 20, 45)).toEqual({
      showing: 'Showing 1 to 20 of 45 results',
      page: 'Page 1 of 3',
      pages: 3,
    });
    expect(paginationText(3, 20, 45)).toMatchObject({
      showing: 'Showing 41 to 45 of 45 results',
      page: 'Page 3 of 3',
    });
    expect(paginationText(1, 20, 0)).toMatchObject({
      showing: 'Showing 0 to 0 of 0 results',
      page: 'Page 1 of 1',
    });
  });
  it('says "about" when the total is an estimate', () => {
    expect(paginationText(2, 20, 953_211, true)).toEqual({
      showing: 'Showing 21 to 40 of about 953,211 results',
      page: 'Page 2 of about 47,661',
      pages: 47_661,
    });
  });
  it('joins permission keys, or says None', () => {
    expect(permissionsLabel({ manage_users: true, manage_billing: true })).toBe(
      'manage_users, manage_billing',
    );
    expect(permissionsLabel({})).toBe('None');
    expect(permissionsLabel(null)).toBe('None');
  });
});

describe('promoTypeLabel', () => {
  it('names each promo type as the promo list does', () => {
    expect(promoTypeLabel('one_week_trial')).toBe('1 Week Trial');
    expect(promoTypeLabel('beta_tester')).toBe('Beta Tester');
    expect(promoTypeLabel('founding_member')).toBe('Founding Member');
  });

  it('reads an unknown type as words and none as a dash', () => {
    expect(promoTypeLabel('summer_sale')).toBe('Summer sale');
    expect(promoTypeLabel(null)).toBe('—');
  });
});

describe('auditFieldLabel', () => {
  it('names a changed field as a label, money fields without their unit', () => {
    expect(auditFieldLabel('promo_expiration_date')).toBe('Promo expiration date');
    expect(auditFieldLabel('status')).toBe('Status');
    expect(auditFieldLabel('amount_cents')).toBe('Amount');
  });
});

describe('auditActorName', () => {
  it("names an administrator as they are, and a member's own change as the member's", () => {
    expect(auditActorName({ admin_name: 'Ada Lovelace', type: 'cancel_subscription' })).toBe(
      'Ada Lovelace',
    );
    expect(auditActorName({ admin_name: 'Grace Hopper', type: 'member_cancel_subscription' })).toBe(
      'Grace Hopper (member)',
    );
    expect(auditActorName({ admin_name: 'System', type: 'member_delete_account' })).toBe(
      'The member',
    );
    expect(auditActorName({ admin_name: 'System', type: 'end_promo' })).toBe('System');
  });

  it('knows the member actions by their type, not by a prefix', () => {
    expect(isMemberAction('member_pay_invoice')).toBe(true);
    expect(isMemberAction('member_unknown')).toBe(false);
  });
});
