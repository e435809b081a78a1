import Handlebars from 'handlebars';
import { PLANS } from '@leadpulse/common';
import { ADMIN_ACCOUNT_NOTICE } from './admin-account-notice.js';
import { DIGEST_SOURCES, type DigestTemplateData } from './digest-template.js';
import {
  AUTOMATION_SOURCES,
  AUTOMATION_TEMPLATE_NAMES,
  type AutomationTemplateData,
} from './automation-templates.js';
import {
  SECURITY_SOURCES,
  SECURITY_TEMPLATE_NAMES,
  type SecurityTemplateData,
} from './security-templates.js';

/** The data each template needs. Fields ending in `link` are paths such as `/setup-password#token=…`. */
export interface TemplateData
  extends SecurityTemplateData, DigestTemplateData, AutomationTemplateData {
  'confirm-email': { link: string };
  welcome: { firstName?: string; link?: string };
  'password-reset': { firstName?: string; link: string };
  'password-setup': { firstName?: string; link: string };
  'founding-member-welcome': { firstName?: string; setupLink?: string; dashboardLink?: string };
  'newsletter-confirm': { link: string };
  'subscription-cancelled': { firstName?: string; endDate: string; link: string };
  'subscription-resumed': { firstName?: string; renewalDate?: string; link: string };
  'account-deleted': Record<string, never>;
  'founding-reminder': {
    firstName?: string;
    endDate: string;
    newPrice: string;
    planName: string;
    link: string;
  };
  'mfa-enabled': { firstName?: string; link: string };
  'mfa-disabled': { firstName?: string; link: string };
  'mfa-reset': { firstName?: string; link: string };
  'admin-account-notice': { firstName?: string; action: string; adminName: string };
  'payment-failed': {
    firstName?: string;
    amount: string;
    planName: string;
    /** Stripe's next retry, when there is one. */
    nextAttemptDate?: string;
    graceEndDate: string;
    /** The grace period was already over when the e-mail was written. */
    suspended: boolean;
    link: string;
  };
  'payment-received': { firstName?: string; amount: string; planName: string; link: string };
  'payment-ended': { firstName?: string; amount: string; planName: string; link: string };
}
export type TemplateName = keyof TemplateData;
export const TEMPLATE_NAMES: TemplateName[] = [
  'confirm-email',
  'welcome',
  'password-reset',
  'password-setup',
  'founding-member-welcome',
  'newsletter-confirm',
  'subscription-cancelled',
  'subscription-resumed',
  'founding-reminder',
  'account-deleted',
  'mfa-enabled',
  'mfa-disabled',
  'mfa-reset',
  'admin-account-notice',
  'payment-failed',
  'payment-received',
  'payment-ended',
  ...SECURITY_TEMPLATE_NAMES,
  'daily-digest',
  ...AUTOMATION_TEMPLATE_NAMES,
];

interface TemplateSource {
  subject: string;
  html: string;
  text: string;
}

/** The benefits listed on the founding-member success page, from the catalogue. */
const FOUNDING_BENEFITS = PLANS.founding_member.features;

const GREETING_HTML = '<p>Hi{{#if firstName}} {{firstName}}{{/if}},</p>';
const GREETING_TEXT = 'Hi{{#if firstName}} {{firstName}}{{/if}},';
/**
 * Confirmation e-mails go to addresses nobody has confirmed yet, with a name anyone could have
 * typed: they greet without one, whatever their data holds.
 */
const NAMELESS_GREETING_HTML = '<p>Hi,</p>';
const NAMELESS_GREETING_TEXT = 'Hi,';

const SOURCES: Record<TemplateName, TemplateSource> = {
  ...SECURITY_SOURCES,
  ...DIGEST_SOURCES,
  ...AUTOMATION_SOURCES,
  'confirm-email': {
    subject: 'Confirm your {{appName}} account',
    html: `${NAMELESS_GREETING_HTML}
<p>Thanks for signing up for {{appName}}. Please confirm your e-mail address to activate your account.</p>
{{> button href=link label="Confirm my e-mail"}}
<p class="muted">If you did not create an account, you can ignore this e-mail.</p>`,
    text: `${NAMELESS_GREETING_TEXT}

Thanks for signing up for {{appName}}. Please confirm your e-mail address to activate your account:

{{link}}

If you did not create an account, you can ignore this e-mail.`,
  },
  welcome: {
    subject: 'Welcome to {{appName}}',
    html: `${GREETING_HTML}
<p>Welcome to {{appName}}! We're building the fastest way to turn engagement on your prospects' profiles into leads.</p>
<p>The first features are on their way. Watch your inbox: we'll tell you as soon as they're ready.</p>
{{#if link}}{{> button href=link label="Go to your dashboard"}}{{/if}}`,
    text: `${GREETING_TEXT}

Welcome to {{appName}}! We're building the fastest way to turn engagement on your prospects' profiles into leads.

The first features are on their way. Watch your inbox: we'll tell you as soon as they're ready.
{{#if link}}
Your dashboard: {{link}}
{{/if}}`,
  },
  'password-reset': {
    subject: 'Reset your {{appName}} password',
    html: `${GREETING_HTML}
<p>We received a request to reset the password of your {{appName}} account. The link below is valid for one hour and can be used once.</p>
{{> button href=link label="Choose a new password"}}
<p class="muted">If you did not ask for this, you can ignore this e-mail: your password stays as it is.</p>`,
    text: `${GREETING_TEXT}

We received a request to reset the password of your {{appName}} account. This link is valid for one hour and can be used once:

{{link}}

If you did not ask for this, you can ignore this e-mail: your password stays as it is.`,
  },
  'password-setup': {
    subject: 'Set up your {{appName}} password',
    html: `${GREETING_HTML}
<p>Thank you for your purchase! Your {{appName}} account is ready: choose a password to sign in.</p>
{{> button href=link label="Set my password"}}`,
    text: `${GREETING_TEXT}

Thank you for your purchase! Your {{appName}} account is ready: choose a password to sign in:

{{link}}`,
  },
  'founding-member-welcome': {
    subject: "Welcome, founding member! You're in.",
    html: `${GREETING_HTML}
<p>Thank you for becoming one of our founding members. Here is what you get:</p>
<ul>{{#each benefits}}<li>{{this}}</li>{{/each}}</ul>
<p>You paid $50 for your first 3 months; after that your membership moves automatically to the Prospector plan at $75/month.</p>
{{#if setupLink}}{{> button href=setupLink label="Set my password"}}{{else}}{{#if dashboardLink}}{{> button href=dashboardLink label="Go to your dashboard"}}{{/if}}{{/if}}`,
    text: `${GREETING_TEXT}

Thank you for becoming one of our founding members. Here is what you get:
{{#each benefits}}
- {{this}}
{{/each}}

You paid $50 for your first 3 months; after that your membership moves automatically to the Prospector plan at $75/month.
{{#if setupLink}}
Set your password: {{setupLink}}
{{else}}{{#if dashboardLink}}
Your dashboard: {{dashboardLink}}
{{/if}}{{/if}}`,
  },
  'newsletter-confirm': {
    subject: 'Confirm your subscription to {{appName}}',
    html: `${NAMELESS_GREETING_HTML}
<p>Thanks for your interest in {{appName}}! Please confirm that you want to hear from us: product news, early access and the occasional tip for turning engagement into leads.</p>
{{> button href=link label="Confirm my subscription"}}
<p class="muted">If you did not ask for this, ignore this e-mail and you will not hear from us again.</p>`,
    text: `${NAMELESS_GREETING_TEXT}

Thanks for your interest in {{appName}}! Please confirm that you want to hear from us: product news, early access and the occasional tip for turning engagement into leads:

{{link}}

If you did not ask for this, ignore this e-mail and you will not hear from us again.`,
  },
  'subscription-cancelled': {
    subject: 'Your {{appName}} subscription ends on {{endDate}}',
    html: `${GREETING_HTML}
<p>We've cancelled your {{appName}} subscription as you asked. You keep everything your plan includes until <strong>{{endDate}}</strong>, and nothing more will be charged.</p>
<p>Changed your mind? You can resume your subscription from Settings before that date.</p>
{{> button href=link label="Manage my subscription"}}
<p class="muted">Thank you for telling us why you are leaving: it helps us make {{appName}} better.</p>`,
    text: `${GREETING_TEXT}

We've cancelled your {{appName}} subscription as you asked. You keep everything your plan includes until {{endDate}}, and nothing more will be charged.

Changed your mind? You can resume your subscription from Settings before that date:

{{link}}

Thank you for telling us why you are leaving: it helps us make {{appName}} better.`,
  },
  'subscription-resumed': {
    subject: 'Your {{appName}} subscription continues',
    html: `${GREETING_HTML}
<p>Welcome back! Your {{appName}} subscription is no longer set to end{{#if renewalDate}}: it renews as usual on <strong>{{renewalDate}}</strong>{{/if}}.</p>
{{> button href=link label="Manage my subscription"}}`,
    text: `${GREETING_TEXT}

Welcome back! Your {{appName}} subscription is no longer set to end{{#if renewalDate}}: it renews as usual on {{renewalDate}}{{/if}}.

Manage your subscription: {{link}}`,
  },
  'founding-reminder': {
    subject: 'Your founding member period ends on {{endDate}}',
    html: `${GREETING_HTML}
<p>Thank you for being one of our founding members. Your founding period ends on <strong>{{endDate}}</strong>.</p>
<p>From that day your subscription continues on {{planName}} at <strong>{{newPrice}}</strong>, charged to the card on file. You remain a founding member.</p>
<p>Nothing to do if that suits you. To choose another plan or to cancel before then, go to Settings → Subscription.</p>
{{> button href=link label="Manage my subscription"}}`,
    text: `${GREETING_TEXT}

Thank you for being one of our founding members. Your founding period ends on {{endDate}}.

From that day your subscription continues on {{planName}} at {{newPrice}}, charged to the card on file. You remain a founding member.

Nothing to do if that suits you. To choose another plan or to cancel before then, go to Settings → Subscription:

{{link}}`,
  },
  'account-deleted': {
    subject: 'Your {{appName}} account has been deleted',
    html: `${NAMELESS_GREETING_HTML}
<p>As you asked, your {{appName}} account has been deleted. You have been signed out everywhere, any subscription has been cancelled, and nothing more will be charged.</p>
<p>We no longer hold your name, e-mail address or profile. Records of past payments stay, without them, because accounting rules require us to keep them.</p>
<p class="muted">If you did not ask for this, write to us at once at {{supportEmail}}.</p>`,
    text: `${NAMELESS_GREETING_TEXT}

As you asked, your {{appName}} account has been deleted. You have been signed out everywhere, any subscription has been cancelled, and nothing more will be charged.

We no longer hold your name, e-mail address or profile. Records of past payments stay, without them, because accounting rules require us to keep them.

If you did not ask for this, write to us at once at {{supportEmail}}.`,
  },
  'mfa-enabled': {
    subject: 'Two-step verification is on for your {{appName}} account',
    html: `${GREETING_HTML}
<p>You turned on two-step verification. From now on, signing in to {{appName}} asks for a code from your authenticator app after your password.</p>
<p>Keep your recovery codes somewhere safe: if you lose your phone, each one signs you in once.</p>
{{> button href=link label="Review your security settings"}}
<p class="muted">If you did not do this, reset your password now and write to us.</p>`,
    text: `${GREETING_TEXT}

You turned on two-step verification. From now on, signing in to {{appName}} asks for a code from your authenticator app after your password.

Keep your recovery codes somewhere safe: if you lose your phone, each one signs you in once.

Review your security settings: {{link}}

If you did not do this, reset your password now and write to us.`,
  },
  'mfa-disabled': {
    subject: 'Two-step verification is off for your {{appName}} account',
    html: `${GREETING_HTML}
<p>You turned off two-step verification. Signing in to {{appName}} now asks only for your password, and your recovery codes no longer work.</p>
<p>You can turn it on again at any time in Settings → Security.</p>
{{> button href=link label="Review your security settings"}}
<p class="muted">If you did not do this, reset your password now and write to us.</p>`,
    text: `${GREETING_TEXT}

You turned off two-step verification. Signing in to {{appName}} now asks only for your password, and your recovery codes no longer work.

You can turn it on again at any time in Settings → Security:

{{link}}

If you did not do this, reset your password now and write to us.`,
  },
  'mfa-reset': {
    subject: 'Two-step verification was reset on your {{appName}} account',
    html: `${GREETING_HTML}
<p>Our team reset two-step verification on your {{appName}} account. Your authenticator app's codes and your recovery codes no longer work, and signing in now asks only for your password.</p>
<p>Turn it on again in Settings → Security to keep your account protected.</p>
{{> button href=link label="Turn on two-step verification"}}
<p class="muted">If you did not ask for this, write to us at once.</p>`,
    text: `${GREETING_TEXT}

Our team reset two-step verification on your {{appName}} account. Your authenticator app's codes and your recovery codes no longer work, and signing in now asks only for your password.

Turn it on again in Settings → Security to keep your account protected:

{{link}}

If you did not ask for this, write to us at once.`,
  },
  'admin-account-notice': ADMIN_ACCOUNT_NOTICE,
  'payment-failed': {
    subject: 'Your payment failed',
    html: `${GREETING_HTML}
<p>We couldn't take your payment of <strong>{{amount}}</strong> for your {{appName}} {{planName}} plan: the charge to your card didn't go through.</p>
{{#if suspended}}<p>Your {{planName}} plan is suspended until the payment goes through. Update your payment method and we'll charge it right away to restore your access.</p>
{{else}}<p>What happens next: {{#if nextAttemptDate}}we'll try your card again on <strong>{{nextAttemptDate}}</strong>. {{/if}}You keep your plan until <strong>{{graceEndDate}}</strong>; if the payment hasn't gone through by then, your plan is suspended until it does.</p>
<p>Update your payment method and we'll charge it right away.</p>
{{/if}}{{> button href=link label="Update payment method"}}
<p class="muted">We'll e-mail you as soon as the payment is received.</p>`,
    text: `${GREETING_TEXT}

We couldn't take your payment of {{amount}} for your {{appName}} {{planName}} plan: the charge to your card didn't go through.

{{#if suspended}}Your {{planName}} plan is suspended until the payment goes through. Update your payment method and we'll charge it right away to restore your access:
{{else}}What happens next: {{#if nextAttemptDate}}we'll try your card again on {{nextAttemptDate}}. {{/if}}You keep your plan until {{graceEndDate}}; if the payment hasn't gone through by then, your plan is suspended until it does.

Update your payment method and we'll charge it right away:
{{/if}}
{{link}}

We'll e-mail you as soon as the payment is received.`,
  },
  'payment-received': {
    subject: 'Payment received',
    html: `${GREETING_HTML}
<p>Thank you! We received your payment of <strong>{{amount}}</strong> for your {{appName}} {{planName}} plan. Your plan continues as usual, with everything it includes.</p>
{{> button href=link label="See my invoices"}}`,
    text: `${GREETING_TEXT}

Thank you! We received your payment of {{amount}} for your {{appName}} {{planName}} plan. Your plan continues as usual, with everything it includes.

Your invoices: {{link}}`,
  },
  'payment-ended': {
    subject: 'Your {{appName}} subscription has ended',
    html: `${GREETING_HTML}
<p>We tried your card several times but couldn't collect <strong>{{amount}}</strong> for your {{appName}} {{planName}} plan, so your subscription has ended and nothing more will be charged.</p>
<p>Your account and everything in it are still here. You can subscribe again whenever you like from Settings.</p>
{{> button href=link label="Choose a plan"}}`,
    text: `${GREETING_TEXT}

We tried your card several times but couldn't collect {{amount}} for your {{appName}} {{planName}} plan, so your subscription has ended and nothing more will be charged.

Your account and everything in it are still here. You can subscribe again whenever you like from Settings:

{{link}}`,
  },
};

const LAYOUT_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>{{subject}}</title>
<style>
body{margin:0;background:#f8fafc;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:#0f172a}
.card{max-width:560px;margin:24px auto;background:#fff;border-radius:12px;padding:32px;line-height:1.55}
.brand{font-weight:800;color:#1d4ed8;font-size:20px;margin-bottom:24px}
.button{display:inline-block;background:#1d4ed8;color:#fff !important;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:600}
.muted,.footer{color:#64748b;font-size:14px}.footer{max-width:560px;margin:0 auto 24px;text-align:center}
</style></head>
<body><div class="card"><div class="brand">{{appName}}</div>{{{body}}}</div>
<p class="footer">Questions? Write to <a href="mailto:{{supportEmail}}">{{supportEmail}}</a>.{{#if unsubscribeLink}}<br>Don't want our news? <a href="{{unsubscribeLink}}">Unsubscribe</a>.{{/if}}</p></body></html>`;

const LAYOUT_TEXT = `{{{body}}}

--
{{appName}} · {{appUrl}}
Questions? Write to {{supportEmail}}.{{#if unsubscribeLink}}
Don't want our news? Unsubscribe: {{unsubscribeLink}}{{/if}}`;

const handlebars = Handlebars.create();
handlebars.registerPartial(
  'button',
  '<p><a class="button" href="{{href}}">{{label}}</a></p><p class="muted">Or paste this link into your browser: {{href}}</p>',
);

const compile = (source: string, escape: boolean) =>
  handlebars.compile(source, { noEscape: !escape, strict: false });

const COMPILED = Object.fromEntries(
  Object.entries(SOURCES).map(([name, source]) => [
    name,
    {
      subject: compile(source.subject, false),
      html: compile(source.html, true),
      text: compile(source.text, false),
    },
  ]),
) as Record<
  TemplateName,
  {
    subject: HandlebarsTemplateDelegate;
    html: HandlebarsTemplateDelegate;
    text: HandlebarsTemplateDelegate;
  }
>;
const LAYOUT = { html: compile(LAYOUT_HTML, true), text: compile(LAYOUT_TEXT, false) };

export interface RenderContext {
  appName: string;
  appUrl: string;
  supportEmail: string;
  /** The recipient's one-click unsubscribe page (a path), shown at the foot of every e-mail. */
  unsubscribeLink?: string;
}

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
  /** Every absolute link in the e-mail's own text, for the development console. */
  links: string[];
  /** The absolute unsubscribe page, when the e-mail has a recipient. */
  unsubscribeUrl?: string;
}

export class InvalidLinkError extends Error {}

/** Turns a link path into an absolute URL on the configured public URL, never on a request's Host. */
export function absoluteLink(path: string, appUrl: string): string {
  if (!path.startsWith('/') || path.startsWith('//'))
    throw new InvalidLinkError(`E-mail links must be paths, got ${path}`);
  return `${appUrl}${path}`;
}

function withAbsoluteLinks(
  data: Record<string, unknown>,
  appUrl: string,
): { data: Record<string, unknown>; links: string[] } {
  const links: string[] = [];
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    if (/link$/i.test(key) && typeof value === 'string') {
      const link = absoluteLink(value, appUrl);
      links.push(link);
      result[key] = link;
    } else {
      result[key] = value;
    }
  }
  return { data: result, links };
}

export function isTemplateName(name: string): name is TemplateName {
  return (TEMPLATE_NAMES as string[]).includes(name);
}

/** Renders a template's subject, HTML (user data escaped) and plain text. */
export function renderEmail(
  template: TemplateName,
  data: Record<string, unknown>,
  context: RenderContext,
): RenderedEmail {
  const compiled = COMPILED[template];
  const { data: withLinks, links } = withAbsoluteLinks(data, context.appUrl);
  const unsubscribeLink =
    context.unsubscribeLink && absoluteLink(context.unsubscribeLink, context.appUrl);
  const values = { ...withLinks, ...context, unsubscribeLink, benefits: FOUNDING_BENEFITS };
  const subject = compiled.subject(values).trim();
  return {
    subject,
    html: LAYOUT.html({ ...values, subject, body: compiled.html(values) }),
    text: LAYOUT.text({ ...values, body: compiled.text(values).trim() }),
    links,
    unsubscribeUrl: unsubscribeLink,
  };
}
