import Handlebars from 'handlebars';
import {
  InvalidLinkError,
  TEMPLATE_NAMES,
  absoluteLink,
  renderEmail,
  type TemplateData,
  type TemplateName,
} from './mail-templates.js';

const context = {
  appName: 'LeadPulse',
  appUrl: 'https://app.example.com',
  supportEmail: 'help@example.com',
};

const samples: { [T in TemplateName]: { data: TemplateData[T]; link?: string; subject: string } } =
  {
    'confirm-email': {
      data: { link: '/confirm-email#token=abc' },
      link: 'https://app.example.com/confirm-email#token=abc',
      subject: 'Confirm your LeadPulse account',
    },
    welcome: {
      data: { firstName: 'Ada', link: '/dashboard' },
      link: 'https://app.example.com/dashboard',
      subject: 'Welcome to LeadPulse',
    },
    'password-reset': {
      data: { firstName: 'Ada', link: '/setup-password#token=r1' },
      link: 'https://app.example.com/setup-password#token=r1',
      subject: 'Reset your LeadPulse password',
    },
    'password-setup': {
      data: { firstName: 'Ada', link: '/setup-password#token=s1' },
      link: 'https://app.example.com/setup-password#token=s1',
      subject: 'Set up your LeadPulse password',
    },
    'founding-member-welcome': {
      data: { firstName: 'Ada', setupLink: '/setup-password#token=f1' },
      link: 'https://app.example.com/setup-password#token=f1',
      subject: "Welcome, founding member! You're in.",
    },
    'newsletter-confirm': {
      data: { link: '/newsletter/confirm#token=n1' },
      link: 'https://app.example.com/newsletter/confirm#token=n1',
      subject: 'Confirm your subscription to LeadPulse',
    },
    'subscription-cancelled': {
      data: {
        firstName: 'Ada',
        endDate: 'March 3, 2027',
        link: '/dashboard/settings?tab=subscription',
      },
      link: 'https://app.example.com/dashboard/settings?tab=subscription',
      subject: 'Your LeadPulse subscription ends on March 3, 2027',
    },
    'subscription-resumed': {
      data: {
        firstName: 'Ada',
        renewalDate: 'March 3, 2027',
        link: '/dashboard/settings?tab=subscription',
      },
      link: 'https://app.example.com/dashboard/settings?tab=subscription',
      subject: 'Your LeadPulse subscription continues',
    },
    'founding-reminder': {
      data: {
        firstName: 'Ada',
        endDate: 'March 3, 2027',
        newPrice: '$75/month',
        planName: 'Prospector',
        link: '/dashboard/settings?tab=subscription',
      },
      link: 'https://app.example.com/dashboard/settings?tab=subscription',
      subject: 'Your founding member period ends on March 3, 2027',
    },
    'account-deleted': { data: {}, subject: 'Your LeadPulse account has been deleted' },
    'mfa-enabled': {
      data: { firstName: 'Ada', link: '/dashboard/settings?tab=security' },
      link: 'https://app.example.com/dashboard/settings?tab=security',
      subject: 'Two-step verification is on for your LeadPulse account',
    },
    'mfa-disabled': {
      data: { firstName: 'Ada', link: '/dashboard/settings?tab=security' },
      link: 'https://app.example.com/dashboard/settings?tab=security',
      subject: 'Two-step verification is off for your LeadPulse account',
    },
    'mfa-reset': {
      data: { firstName: 'Ada', link: '/dashboard/settings?tab=security' },
      link: 'https://app.example.com/dashboard/settings?tab=security',
      subject: 'Two-step verification was reset on your LeadPulse account',
    },
    'admin-account-notice': {
      data: { firstName: 'Ada', action: 'User suspended', adminName: 'Grace Hopper' },
      subject: 'An administrator acted on your LeadPulse account',
    },
    'payment-failed': {
      data: {
        firstName: 'Ada',
        amount: '$75',
        planName: 'Prospector',
        nextAttemptDate: 'March 6, 2027',
        graceEndDate: 'March 10, 2027',
        suspended: false,
        link: '/dashboard/settings?tab=subscription&action=update-payment-method',
      },
      link: 'https://app.example.com/dashboard/settings?tab=subscription&action=update-payment-method',
      subject: 'Your payment failed',
    },
    'payment-received': {
      data: {
        firstName: 'Ada',
        amount: '$75',
        planName: 'Prospector',
        link: '/dashboard/settings?tab=subscription',
      },
      link: 'https://app.example.com/dashboard/settings?tab=subscription',
      subject: 'Payment received',
    },
    'payment-ended': {
      data: {
        firstName: 'Ada',
        amount: '$75',
        planName: 'Prospector',
        link: '/dashboard/settings?tab=subscription',
      },
      link: 'https://app.example.com/dashboard/settings?tab=subscription',
      subject: 'Your LeadPulse subscription has ended',
    },
    'founding-existing-account': {
      data: { link: '/login' },
      link: 'https://app.example.com/login',
      subject: 'You already have a LeadPulse account',
    },
    'mfa-failures': {
      data: {
        firstName: 'Ada',
        attempts: 5,
        minutes: 15,
        link: '/dashboard/settings?tab=security',
      },
      link: 'https://app.example.com/dashboard/settings?tab=security',
      subject: 'Wrong two-step codes on your LeadPulse account',
    },
    // Its links are checked in digest-content.spec.ts: it carries several.
    'daily-digest': {
      data: {
        firstName: 'Ada',
        date: 'Saturday, November 28',
        summary: '1 lead worth a touch',
        leads: [],
        tasks: [],
        matches: [],
        link: '/dashboard/today',
        tasksLink: '/dashboard/tasks',
        settingsLink: '/dashboard/settings?tab=notifications',
      },
      subject: 'Your LeadPulse day: 1 lead worth a touch',
    },
    'automation-rule-matched': {
      data: {
        firstName: 'Ada',
        ruleName: 'Hot commenters',
        leadName: 'Grace Hopper',
        reason: 'commented my post',
        score: 72,
        link: '/dashboard/leads/1',
      },
      link: 'https://app.example.com/dashboard/leads/1',
      subject: 'Grace Hopper: your rule "Hot commenters" matched',
    },
  };

describe('e-mail templates', () => {
  it.each(TEMPLATE_NAMES)('%s renders a subject, HTML and text with its link', (template) => {
    const sample = samples[template];
    const email = renderEmail(template, sample.data as Record<string, unknown>, context);
    expect(email.subject).toBe(sample.subject);
    expect(email.html).toContain('<!doctype html>');
    const greeting = 'firstName' in sample.data ? 'Hi Ada,' : 'Hi,';
    expect(email.html).toContain(`<p>${greeting}</p>`);
    expect(email.text).toMatch(new RegExp(`^${greeting}`));
    expect(email.text).toContain('help@example.com');
    expect(email.html).toContain('mailto:help@example.com');
    if (sample.link) {
      // HTML-escaped like every value (`=` becomes `&#x3D;`), which a mail client decodes.
      expect(email.html).toContain(`href="${Handlebars.escapeExpression(sample.link)}"`);
      expect(email.text).toContain(sample.link);
      expect(email.links).toEqual([sample.link]);
    }
  });

  it("ends with the recipient's unsubscribe link when one is given", () => {
    const email = renderEmail(
      'password-reset',
      { link: '/setup-password#token=x' },
      { ...context, unsubscribeLink: '/unsubscribe#token=u1' },
    );
    expect(email.unsubscribeUrl).toBe('https://app.example.com/unsubscribe#token=u1');
    expect(email.html).toContain(
      `<a href="${Handlebars.escapeExpression(email.unsubscribeUrl!)}">Unsubscribe</a>`,
    );
    expect(email.text).toMatch(/Unsubscribe: https:\/\/app\.example\.com\/unsubscribe#token=u1$/);
    expect(renderEmail('welcome', {}, context).text).not.toContain('Unsubscribe');
  });

  it('greets without a name when none is known', () => {
    const email = renderEmail('password-reset', { link: '/setup-password#token=x' }, context);
    expect(email.text).toMatch(/^Hi,/);
  });

  it.each(['confirm-email', 'newsletter-confirm'] as const)(
    '%s never greets by name: the address is not confirmed, anyone could have typed it',
    (template) => {
      const typed = 'your account is locked, go to https://evil.example';
      const email = renderEmail(template, { firstName: typed, link: '/confirm#token=x' }, context);
      for (const part of [email.subject, email.html, email.text]) {
        expect(part).not.toContain('locked');
        expect(part).not.toContain('evil.example');
      }
      expect(email.text).toMatch(/^Hi,\n/);
      expect(email.html).toContain('<p>Hi,</p>');
    },
  );

  it('lists the founding-member benefits of the success page', () => {
    const email = renderEmail('founding-member-welcome', { firstName: 'Ada' }, context);
    for (const benefit of [
      '3 months premium access',
      'Unlimited AI monitoring',
      'Feature voting rights',
      'Private community',
    ]) {
      expect(email.html).toContain(`<li>${benefit}</li>`);
      expect(email.text).toContain(`- ${benefit}`);
    }
  });

  it('escapes user-provided names in HTML', () => {
    const email = renderEmail('welcome', { firstName: '<script>alert(1)</script>' }, context);
    expect(email.html).not.toContain('<script>');
    expect(email.html).toContain('Hi &lt;script&gt;alert(1)&lt;/script&gt;,');
    expect(email.text).toContain('Hi <script>alert(1)</script>,');
  });

  it('takes the product name from the context', () => {
    expect(renderEmail('welcome', {}, { ...context, appName: 'Acme' }).subject).toBe(
      'Welcome to Acme',
    );
  });

  it('builds links on the configured URL and refuses anything but a path', () => {
    expect(absoluteLink('/x?y=1#z', 'https://app.example.com')).toBe(
      'https://app.example.com/x?y=1#z',
    );
    expect(() => absoluteLink('https://evil.example/x', context.appUrl)).toThrow(InvalidLinkError);
    expect(() => absoluteLink('//evil.example/x', context.appUrl)).toThrow(InvalidLinkError);
    expect(() => renderEmail('password-reset', { link: 'https://evil.example' }, context)).toThrow(
      InvalidLinkError,
    );
  });

  it('tells a failed payment’s amount, the next attempt and how long the plan lasts, or that it is suspended', () => {
    const data = {
      firstName: 'Ada',
      amount: '$75',
      planName: 'Prospector',
      nextAttemptDate: 'March 6, 2027',
      graceEndDate: 'March 10, 2027',
      suspended: false,
      link: '/dashboard/settings?tab=subscription&action=update-payment-method',
    };
    const failed = renderEmail('payment-failed', data, context);
    for (const part of [failed.html, failed.text]) {
      expect(part).toContain('$75');
      expect(part).toContain('Prospector');
      expect(part).toContain('March 6, 2027');
      expect(part).toContain('You keep your plan until');
      expect(part).toContain('March 10, 2027');
      expect(part).not.toContain('plan is suspended until the payment goes through');
    }
    expect(failed.html).toContain('>Update payment method</a>');
    const later = renderEmail(
      'payment-failed',
      { ...data, nextAttemptDate: undefined, suspended: true },
      context,
    );
    for (const part of [later.html, later.text]) {
      expect(part).toContain('Your Prospector plan is suspended until the payment goes through');
      expect(part).not.toContain('try your card again');
    }
  });
});
