// E-mails about a member's plan and payments: founding welcome and reminder, cancel and resume, failed, received and ended payments.
import { GREETING_HTML, GREETING_TEXT } from './template-greetings.js';

/** E-mails about the member's subscription and its payments. */
export interface BillingTemplateData {
  'founding-member-welcome': { firstName?: string; setupLink?: string; dashboardLink?: string };
  'subscription-cancelled': { firstName?: string; endDate: string; link: string };
  'subscription-resumed': { firstName?: string; renewalDate?: string; link: string };
  'founding-reminder': {
    firstName?: string;
    endDate: string;
    newPrice: string;
    planName: string;
    link: string;
  };
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

export const BILLING_SOURCES: Record<
  keyof BillingTemplateData,
  { subject: string; html: string; text: string }
> = {
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
