// E-mails about a member's account: confirming the address, welcome, passwords, the newsletter, deletion, two-step verification.
import {
  GREETING_HTML,
  GREETING_TEXT,
  NAMELESS_GREETING_HTML,
  NAMELESS_GREETING_TEXT,
} from './template-greetings.js';

/** E-mails about the account itself and signing in to it. */
export interface AccountTemplateData {
  'confirm-email': { link: string };
  welcome: { firstName?: string; link?: string };
  'password-reset': { firstName?: string; link: string };
  'password-setup': { firstName?: string; link: string };
  'newsletter-confirm': { link: string };
  'account-deleted': Record<string, never>;
  'mfa-enabled': { firstName?: string; link: string };
  'mfa-disabled': { firstName?: string; link: string };
  'mfa-reset': { firstName?: string; link: string };
}

export const ACCOUNT_SOURCES: Record<
  keyof AccountTemplateData,
  { subject: string; html: string; text: string }
> = {
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
};
