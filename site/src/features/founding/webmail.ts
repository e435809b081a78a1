export interface Webmail {
  /** The service's name, as its users know it. */
  name: string;
  url: string;
}

const GMAIL: Webmail = { name: 'Gmail', url: 'https://mail.google.com/' };
const OUTLOOK: Webmail = { name: 'Outlook', url: 'https://outlook.live.com/mail/' };
const YAHOO: Webmail = { name: 'Yahoo Mail', url: 'https://mail.yahoo.com/' };
const ICLOUD: Webmail = { name: 'iCloud Mail', url: 'https://www.icloud.com/mail/' };
const PROTON: Webmail = { name: 'Proton Mail', url: 'https://mail.proton.me/' };
const AOL: Webmail = { name: 'AOL Mail', url: 'https://mail.aol.com/' };
const GMX_COM: Webmail = { name: 'GMX', url: 'https://www.gmx.com/' };
const GMX_DE: Webmail = { name: 'GMX', url: 'https://www.gmx.net/' };
const WEB_DE: Webmail = { name: 'WEB.DE', url: 'https://web.de/' };
const ZOHO: Webmail = { name: 'Zoho Mail', url: 'https://mail.zoho.com/' };

/**
 * Public mail services whose inbox has one address for everyone. A company's own domain could be
 * hosted anywhere, so it gets no link: guessing would open a sign-in page the member cannot use.
 */
const BY_DOMAIN: Record<string, Webmail> = {
  'gmail.com': GMAIL,
  'googlemail.com': GMAIL,
  'outlook.com': OUTLOOK,
  'hotmail.com': OUTLOOK,
  'hotmail.co.uk': OUTLOOK,
  'live.com': OUTLOOK,
  'msn.com': OUTLOOK,
  'yahoo.com': YAHOO,
  'yahoo.co.uk': YAHOO,
  'ymail.com': YAHOO,
  'icloud.com': ICLOUD,
  'me.com': ICLOUD,
  'mac.com': ICLOUD,
  'proton.me': PROTON,
  'protonmail.com': PROTON,
  'pm.me': PROTON,
  'aol.com': AOL,
  'gmx.com': GMX_COM,
  'gmx.us': GMX_COM,
  'gmx.net': GMX_DE,
  'gmx.de': GMX_DE,
  'gmx.at': GMX_DE,
  'gmx.ch': GMX_DE,
  'web.de': WEB_DE,
  'zoho.com': ZOHO,
};

/** The webmail that holds this address's inbox, when its domain is a public mail service. */
export function webmailFor(email: string | null | undefined): Webmail | null {
  const at = email?.lastIndexOf('@') ?? -1;
  if (!email || at < 0) return null;
  const domain = email
    .slice(at + 1)
    .trim()
    .toLowerCase()
    .replace(/\.$/, '');
  return Object.hasOwn(BY_DOMAIN, domain) ? BY_DOMAIN[domain] : null;
}
