// Every e-mail template by name, its data, and rendering with the layout and absolute links.
import Handlebars from 'handlebars';
import { PLANS } from '@leadpulse/common';
import { ACCOUNT_SOURCES, type AccountTemplateData } from './account-templates.js';
import { ADMIN_ACCOUNT_NOTICE } from './admin-account-notice.js';
import { BILLING_SOURCES, type BillingTemplateData } from './billing-templates.js';
import { DIGEST_SOURCES, type DigestTemplateData } from './digest-template.js';
import {
  AUTOMATION_SOURCES,
  AUTOMATION_TEMPLATE_NAMES,
  type AutomationTemplateData,
} from './automation-templates.js';
import { LAYOUT_HTML, LAYOUT_TEXT } from './mail-layout.js';
import {
  SECURITY_SOURCES,
  SECURITY_TEMPLATE_NAMES,
  type SecurityTemplateData,
} from './security-templates.js';

/** The data each template needs. Fields ending in `link` are paths such as `/setup-password#token=…`. */
export interface TemplateData
  extends
    AccountTemplateData,
    BillingTemplateData,
    SecurityTemplateData,
    DigestTemplateData,
    AutomationTemplateData {
  'admin-account-notice': { firstName?: string; action: string; adminName: string };
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

const SOURCES: Record<TemplateName, TemplateSource> = {
  ...ACCOUNT_SOURCES,
  ...BILLING_SOURCES,
  ...SECURITY_SOURCES,
  ...DIGEST_SOURCES,
  ...AUTOMATION_SOURCES,
  'admin-account-notice': ADMIN_ACCOUNT_NOTICE,
};

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
