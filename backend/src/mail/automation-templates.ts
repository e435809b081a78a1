/** E-mails an automation rule sends the member about one of their leads. */
export interface AutomationTemplateData {
  'automation-rule-matched': {
    firstName?: string;
    ruleName: string;
    leadName: string;
    /** What started the rule, in words ("commented on my post"). */
    reason: string;
    score: number;
    link: string;
  };
}

export const AUTOMATION_TEMPLATE_NAMES: (keyof AutomationTemplateData)[] = [
  'automation-rule-matched',
];

export const AUTOMATION_SOURCES: Record<
  keyof AutomationTemplateData,
  { subject: string; html: string; text: string }
> = {
  'automation-rule-matched': {
    subject: '{{leadName}}: your rule "{{ruleName}}" matched',
    html: `<p>Hi{{#if firstName}} {{firstName}}{{/if}},</p>
<p>Your automation rule <strong>{{ruleName}}</strong> matched <strong>{{leadName}}</strong> ({{reason}}; score {{score}}).</p>
{{> button href=link label="Open the lead"}}
<p class="muted">You receive this e-mail because the rule says "E-mail me now". Change it on the Automation page.</p>`,
    text: `Hi{{#if firstName}} {{firstName}}{{/if}},

Your automation rule "{{ruleName}}" matched {{leadName}} ({{reason}}; score {{score}}).

Open the lead: {{link}}

You receive this e-mail because the rule says "E-mail me now". Change it on the Automation page.`,
  },
};
