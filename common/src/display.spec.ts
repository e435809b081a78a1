import { describe, expect, it } from 'vitest';
import {
  accountPlanLabel,
  billingPeriodLabel,
  displayStatus,
  displayStatusColour,
  emailBreakParts,
  emailStatusLabel,
  emailTemplateLabel,
  newsletterLabel,
  paymentStatusLabel,
  planBadge,
  subscriptionStatusLabel,
  userStatusLabel,
  statusBadgeColour,
  type DisplayableUser,
} from './display.js';

const member = (fields: Partial<DisplayableUser>): DisplayableUser => ({
  status: 'active',
  is_admin: false,
  founding_member: false,
  stripe_customer_id: null,
  password_set: false,
  subscription_plan: null,
  ...fields,
});

describe('displayStatus', () => {
  it.each([
    ['active', 'Active'],
    ['paid', 'Setup Required'],
    ['pending', 'Pending'],
    ['inactive', 'Inactive'],
    ['suspended', 'Suspended'],
    ['deleted', 'Deleted'],
    ['archived', 'Unknown'],
    ['', 'Unknown'],
  ])('shows status %j as %j', (status, label) => {
    expect(displayStatus(member({ status }))).toBe(label);
  });

  it('says suspended or deleted whatever else the account holds', () => {
    const founder = { founding_member: true, stripe_customer_id: 'cus_1', password_set: true };
    expect(displayStatus(member({ ...founder, status: 'suspended' }))).toBe('Suspended');
    expect(displayStatus(member({ is_admin: true, status: 'deleted' }))).toBe('Deleted');
  });

  it('shows Unknown for a missing status', () => {
    expect(displayStatus(member({ status: null }))).toBe('Unknown');
  });

  it('shows an active admin as Active', () => {
    expect(displayStatus(member({ status: 'active', is_admin: true }))).toBe('Active');
  });

  it('follows the plain status for an admin who is not active', () => {
    expect(displayStatus(member({ status: 'pending', is_admin: true }))).toBe('Pending');
  });

  describe('a founding member with a payment customer id', () => {
    const founder = (fields: Partial<DisplayableUser>) =>
      member({ founding_member: true, stripe_customer_id: 'cus_123', ...fields });

    it('is Active with a password set and status active or paid', () => {
      expect(displayStatus(founder({ password_set: true, status: 'active' }))).toBe('Active');
      expect(displayStatus(founder({ password_set: true, status: 'paid' }))).toBe('Active');
    });

    it('needs setup when paid without a password', () => {
      expect(displayStatus(founder({ password_set: false, status: 'paid' }))).toBe(
        'Setup Required',
      );
    });

    it('falls back to the plain status otherwise', () => {
      expect(displayStatus(founder({ password_set: true, status: 'inactive' }))).toBe('Inactive');
      expect(displayStatus(founder({ password_set: false, status: 'pending' }))).toBe('Pending');
    });
  });

  it('treats a founding member without a customer id by the plain status', () => {
    expect(
      displayStatus(member({ founding_member: true, password_set: true, status: 'paid' })),
    ).toBe('Setup Required');
  });
});

describe('status colours', () => {
  it.each([
    ['active', 'green'],
    ['pending', 'yellow'],
    ['cancelled', 'red'],
    ['canceled', 'red'],
    ['deleted', 'red'],
    ['inactive', 'grey'],
    ['suspended', 'orange'],
    ['past_due', 'grey'],
    [null, 'grey'],
  ])('colours status %j %s', (status, colour) => {
    expect(statusBadgeColour(status)).toBe(colour);
  });

  it('colours each display status', () => {
    expect(displayStatusColour('Active')).toBe('green');
    expect(displayStatusColour('Pending')).toBe('yellow');
    expect(displayStatusColour('Inactive')).toBe('grey');
    expect(displayStatusColour('Setup Required')).toBe('orange');
    expect(displayStatusColour('Unknown')).toBe('grey');
  });
});

describe('planBadge', () => {
  it('shows Founding Member in yellow for a founding member, whatever the plan', () => {
    expect(planBadge({ founding_member: true, subscription_plan: 'rainmaker' })).toEqual({
      label: 'Founding Member',
      colour: 'yellow',
    });
  });

  it.each([
    ['prospector', 'Prospector', 'blue'],
    ['rainmaker', 'Rainmaker', 'purple'],
    ['founding_member', 'Founding Member', 'yellow'],
    ['networker', 'Networker', 'green'],
  ])('shows plan %j as %j in %s', (plan, label, colour) => {
    expect(planBadge({ founding_member: false, subscription_plan: plan })).toEqual({
      label,
      colour,
    });
  });

  it.each([null, undefined, '', 'free', 'FREE'])('shows Free for plan %j', (plan) => {
    expect(planBadge({ founding_member: false, subscription_plan: plan })).toEqual({
      label: 'Free',
      colour: 'grey',
    });
  });

  it('shows an unknown plan name as Prospector', () => {
    expect(planBadge({ founding_member: false, subscription_plan: 'enterprise' }).label).toBe(
      'Prospector',
    );
  });
});

describe('accountPlanLabel', () => {
  it('labels administrators Administrator before anything else', () => {
    expect(
      accountPlanLabel({ is_admin: true, founding_member: true, subscription_plan: 'rainmaker' }),
    ).toBe('Administrator');
  });

  it('labels founding members, then plans, then Free', () => {
    expect(
      accountPlanLabel({ is_admin: false, founding_member: true, subscription_plan: null }),
    ).toBe('Founding Member');
    expect(
      accountPlanLabel({ is_admin: false, founding_member: false, subscription_plan: 'networker' }),
    ).toBe('Networker');
    expect(
      accountPlanLabel({ is_admin: false, founding_member: false, subscription_plan: null }),
    ).toBe('Free');
  });
});

describe('the one label of each value', () => {
  it('names account statuses, subscription statuses, newsletter statuses and sources', () => {
    expect(userStatusLabel('paid')).toBe('Setup Required');
    expect(userStatusLabel('inactive')).toBe('Inactive');
    expect(subscriptionStatusLabel('past_due')).toBe('Past due');
    expect(subscriptionStatusLabel('canceled')).toBe('Cancelled');
    expect(subscriptionStatusLabel(null)).toBe('—');
    expect(newsletterLabel('founding_member')).toBe('Founding Member');
    expect(newsletterLabel('unsubscribed')).toBe('Unsubscribed');
    expect(newsletterLabel('some_new_source')).toBe('Some new source');
  });

  it('names payment statuses and e-mail statuses as the filters do', () => {
    expect(paymentStatusLabel('succeeded')).toBe('Succeeded');
    expect(paymentStatusLabel('failed')).toBe('Failed');
    expect(paymentStatusLabel('requires_action')).toBe('Requires action');
    expect(emailStatusLabel('sent')).toBe('Sent');
    expect(emailStatusLabel('logged')).toBe('Logged');
    expect(emailStatusLabel(undefined)).toBe('—');
  });

  it('names e-mail templates, and reads an unknown one as words', () => {
    expect(emailTemplateLabel('confirm-email')).toBe('Confirm e-mail');
    expect(emailTemplateLabel('founding-member-welcome')).toBe('Founding member welcome');
    expect(emailTemplateLabel('welcome')).toBe('Welcome');
    expect(emailTemplateLabel('payment-failed')).toBe('Payment failed');
    expect(emailTemplateLabel('payment-received')).toBe('Payment received');
    expect(emailTemplateLabel('payment-ended')).toBe('Subscription ended for non-payment');
    expect(emailTemplateLabel('mfa-reset')).toBe('Two-step verification reset');
    expect(emailTemplateLabel('trial-ending-soon')).toBe('Trial ending soon');
    expect(emailTemplateLabel('')).toBe('—');
  });

  it('capitalises billing periods', () => {
    expect(billingPeriodLabel('monthly')).toBe('Monthly');
    expect(billingPeriodLabel('every 3 months')).toBe('Every 3 months');
    expect(billingPeriodLabel(null)).toBe('—');
  });
});

describe('emailBreakParts', () => {
  it('cuts before "@" and after inner dots only', () => {
    expect(emailBreakParts('margaret.hamilton@example.com')).toEqual([
      'margaret.',
      'hamilton',
      '@example.',
      'com',
    ]);
    expect(emailBreakParts('Sent to ada@x.io.').join('')).toBe('Sent to ada@x.io.');
    expect(emailBreakParts('Sent to ada@x.io.').at(-1)).toBe('io.');
  });
});
