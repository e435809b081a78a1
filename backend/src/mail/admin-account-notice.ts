/**
 * The notice an administrator's account holder gets when another administrator acts on that
 * account from the back office (an edit, a suspension, a two-step reset, a link, roles…): whoever
 * acts, the holder hears of it.
 */
export const ADMIN_ACCOUNT_NOTICE = {
  subject: 'An administrator acted on your {{appName}} account',
  html: `<p>Hi{{#if firstName}} {{firstName}}{{/if}},</p>
<p>{{adminName}}, an administrator of {{appName}}, did this on your account from the back office: <strong>{{action}}</strong>.</p>
<p>Every action on an administrator's account is recorded in the Audit Log.</p>
<p class="muted">If you did not expect it, tell an Owner at once, or write to us.</p>`,
  text: `Hi{{#if firstName}} {{firstName}}{{/if}},

{{adminName}}, an administrator of {{appName}}, did this on your account from the back office: {{action}}.

Every action on an administrator's account is recorded in the Audit Log.

If you did not expect it, tell an Owner at once, or write to us.`,
};
