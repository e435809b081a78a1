import { GREETING_HTML, GREETING_TEXT } from './template-greetings.js';

/** E-mails that tell an account holder what someone did or tried with their address. */
export interface SecurityTemplateData {
  /** The founding checkout was started, signed out, with an address that has an account. */
  'founding-existing-account': { link: string };
  /** Wrong two-step codes in a burst after a right password. */
  'mfa-failures': { firstName?: string; attempts: number; minutes: number; link: string };
}

export const SECURITY_TEMPLATE_NAMES: (keyof SecurityTemplateData)[] = [
  'founding-existing-account',
  'mfa-failures',
];

export const SECURITY_SOURCES: Record<
  keyof SecurityTemplateData,
  { subject: string; html: string; text: string }
> = {
  // Sent to an address anyone may type: it greets without a name and asks nothing risky.
  'founding-existing-account': {
    subject: 'You already have a {{appName}} account',
    html: `<p>Hi,</p>
<p>Someone, probably you, started the founding-member checkout with this e-mail address. You already have a {{appName}} account with it, so there is nothing to buy from the landing page.</p>
<p>Sign in to see your account. If you have no plan yet, you can claim a founding spot from Settings → Subscription. If you have not chosen a password yet, use "Forgot password" on the sign-in page.</p>
{{> button href=link label="Sign in"}}
<p class="muted">If this was not you, you can ignore this e-mail: nothing was bought and your account has not changed.</p>`,
    text: `Hi,

Someone, probably you, started the founding-member checkout with this e-mail address. You already have a {{appName}} account with it, so there is nothing to buy from the landing page.

Sign in to see your account. If you have no plan yet, you can claim a founding spot from Settings → Subscription. If you have not chosen a password yet, use "Forgot password" on the sign-in page:

{{link}}

If this was not you, you can ignore this e-mail: nothing was bought and your account has not changed.`,
  },
  'mfa-failures': {
    subject: 'Wrong two-step codes on your {{appName}} account',
    html: `${GREETING_HTML}
<p>Someone signed in to your {{appName}} account with your password, then entered {{attempts}} wrong two-step verification codes within {{minutes}} minutes. Two-step verification stopped them.</p>
<p>If this was not you, your password is known to someone else: change it now in Settings → Security.</p>
{{> button href=link label="Change my password"}}
<p class="muted">If it was you mistyping codes, you can ignore this e-mail.</p>`,
    text: `${GREETING_TEXT}

Someone signed in to your {{appName}} account with your password, then entered {{attempts}} wrong two-step verification codes within {{minutes}} minutes. Two-step verification stopped them.

If this was not you, your password is known to someone else: change it now in Settings → Security:

{{link}}

If it was you mistyping codes, you can ignore this e-mail.`,
  },
};
