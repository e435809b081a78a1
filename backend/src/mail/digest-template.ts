/**
 * The daily digest (LEADS.md "Digest"): Today's ten and the tasks due, at 08:00 in the member's
 * time zone. Item links are site paths put after the configured public URL, as every link is.
 */
import { GREETING_HTML, GREETING_TEXT } from './template-greetings.js';

export interface DigestLeadItem {
  /** 1 to 10, as Today orders them. */
  rank: number;
  name: string;
  /** "Head of Sales at Acme", when the lead has either. */
  role?: string;
  /** Why the lead is in Today, at most three. */
  reasons: string[];
  nextStep: string;
  /** The lead's page, a site path. */
  path: string;
}

export interface DigestTaskItem {
  title: string;
  leadName: string;
  /** "Overdue since November 26" or "Due today". */
  due: string;
  overdue: boolean;
  path: string;
}

/** A lead an automation rule matched, with "e-mail me in the daily digest" among its actions. */
export interface DigestMatchItem {
  ruleName: string;
  leadName: string;
  /** "Yesterday at 4:12 PM", in the member's time zone. */
  when: string;
  path: string;
}

export interface DigestTemplateData {
  'daily-digest': {
    firstName?: string;
    /** The member's day, "Saturday, November 28". */
    date: string;
    /** "3 leads worth a touch and 2 tasks due". */
    summary: string;
    leads: DigestLeadItem[];
    tasks: DigestTaskItem[];
    /** Rule matches since the last digest, oldest first. */
    matches: DigestMatchItem[];
    link: string;
    tasksLink: string;
    /** With rule matches only. */
    automationLink?: string;
    settingsLink: string;
  };
}

export const DIGEST_SOURCES: Record<
  keyof DigestTemplateData,
  { subject: string; html: string; text: string }
> = {
  'daily-digest': {
    subject: 'Your {{appName}} day: {{summary}}',
    html: `${GREETING_HTML}
<p>Here is your {{date}}: {{summary}}.</p>
{{#if leads.length}}<h2 style="font-size:18px;margin:24px 0 8px">Today's leads</h2>
<ol style="padding-left:20px;margin:0">{{#each leads}}<li style="margin-bottom:14px"><a href="{{@root.appUrl}}{{path}}" style="font-weight:600;color:#1d4ed8">{{name}}</a>{{#if role}}<br><span class="muted">{{role}}</span>{{/if}}
{{#if reasons.length}}<br>{{#each reasons}}{{#unless @first}} · {{/unless}}{{this}}{{/each}}{{/if}}
<br><strong>Next step:</strong> {{nextStep}}</li>{{/each}}</ol>
{{> button href=link label="Open Today"}}{{/if}}
{{#if tasks.length}}<h2 style="font-size:18px;margin:24px 0 8px">Tasks due</h2>
<ul style="padding-left:20px;margin:0">{{#each tasks}}<li style="margin-bottom:10px"><a href="{{@root.appUrl}}{{path}}" style="font-weight:600;color:#1d4ed8">{{title}}</a> · {{leadName}}<br><span{{#if overdue}} style="color:#b91c1c"{{else}} class="muted"{{/if}}>{{due}}</span></li>{{/each}}</ul>
<p><a href="{{tasksLink}}">See all your tasks</a></p>{{/if}}
{{#if matches.length}}<h2 style="font-size:18px;margin:24px 0 8px">Your rules matched</h2>
<ul style="padding-left:20px;margin:0">{{#each matches}}<li style="margin-bottom:10px"><a href="{{@root.appUrl}}{{path}}" style="font-weight:600;color:#1d4ed8">{{leadName}}</a> · {{ruleName}}<br><span class="muted">{{when}}</span></li>{{/each}}</ul>
<p><a href="{{automationLink}}">See your rules' runs</a></p>{{/if}}
<p class="muted">You get this e-mail each morning there is something to do. To stop it, turn off Daily Digest in <a href="{{settingsLink}}">Settings → Notifications</a>.</p>`,
    text: `${GREETING_TEXT}

Here is your {{date}}: {{summary}}.
{{#if leads.length}}

TODAY'S LEADS
{{#each leads}}

{{rank}}. {{name}}{{#if role}} ({{role}}){{/if}}
{{#if reasons.length}}   {{#each reasons}}{{#unless @first}} · {{/unless}}{{this}}{{/each}}
{{/if}}   Next step: {{nextStep}}
   {{@root.appUrl}}{{path}}
{{/each}}

Open Today: {{link}}
{{/if}}
{{#if tasks.length}}

TASKS DUE
{{#each tasks}}

- {{title}} · {{leadName}} · {{due}}
  {{@root.appUrl}}{{path}}
{{/each}}

All your tasks: {{tasksLink}}
{{/if}}
{{#if matches.length}}

YOUR RULES MATCHED
{{#each matches}}

- {{leadName}} · {{ruleName}} · {{when}}
  {{@root.appUrl}}{{path}}
{{/each}}

Your rules' runs: {{automationLink}}
{{/if}}

You get this e-mail each morning there is something to do. To stop it, turn off Daily Digest in Settings → Notifications: {{settingsLink}}`,
  },
};
