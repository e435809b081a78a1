import { Link as RouterLink } from 'react-router-dom';
import { Link } from '@mui/material';
import { SITE_ROUTES } from '@leadpulse/common';
import { APP_NAME, supportEmail } from '../../config';
import { LegalPage, LegalSection, P, Points } from './LegalPage';

/** What the product does with data: the member's own, and the leads they bring. */
export function PrivacyPage() {
  const support = supportEmail();
  return (
    <LegalPage title="Privacy Policy">
      <P>
        {APP_NAME} helps sales professionals turn engagement with their work into leads. To do that
        we keep two kinds of personal data: yours, as a member, and the people you sell to, which
        you bring to your workspace. This page says what we keep, why, who else sees it, and how you
        take it with you or have it erased.
      </P>

      <LegalSection title="1. Your account">
        <P>When you sign up, buy a plan or join the waitlist we keep:</P>
        <Points>
          <li>your name, e-mail address and, if you give it, phone number;</li>
          <li>
            a one-way hash of your password (never the password itself), and the secret of your
            two-step sign-in if you turn it on;
          </li>
          <li>
            your plan, subscription, invoices and payment history; the card itself stays with our
            payment processor, and we see only its brand, last four digits and expiry;
          </li>
          <li>your notification and newsletter choices, and the e-mails we have sent you;</li>
          <li>
            a record of security events on your account (sign-ins, password and plan changes) with
            the time and IP address, so that you and we can spot misuse.
          </li>
        </Points>
        <P>
          We use this to run your account, bill you, answer you and keep the service safe, and for
          nothing else. We do not sell it, and we do not use it for advertising.
        </P>
      </LegalSection>

      <LegalSection title="2. Your leads">
        <P>
          The lead features, opening to members as they are ready, work on data you bring: your own
          LinkedIn data export (the ZIP of CSV files LinkedIn gives you under Settings &amp; Privacy
          → Get a copy of your data), CSV files from a CRM or spreadsheet, leads you add by hand,
          and engagement you log yourself. We never ask for your LinkedIn password, never fetch a
          LinkedIn page and never post anything to LinkedIn for you.
        </P>
        <P>
          Leads are personal data of other people. You decide what to bring and are responsible for
          having a reason to keep it; we keep it only to give you the service:
        </P>
        <Points>
          <li>
            Leads, their signals, notes and tasks live in your workspace and are visible only to you
            (and, when team workspaces arrive, to the people you invite to yours).
          </li>
          <li>
            Administrators of {APP_NAME} never see them: the back office shows counts only, such as
            how many leads a workspace holds, never a name, an e-mail address or a note.
          </li>
          <li>
            From a LinkedIn export we read connections, messages, invitations, endorsements,
            recommendations and your own posts, comments and reactions. Everything else in the
            archive (e-mail addresses, phone numbers, logins, ad targeting, search history and the
            like) is never read or stored.
          </li>
          <li>
            An uploaded file is kept only until it has been imported, then deleted; the import keeps
            only its counts.
          </li>
          <li>
            When you draft a comment and the service uses a language model to write it, the post you
            paste is sent to that model for that one request.
          </li>
        </Points>
      </LegalSection>

      <LegalSection title="3. Who else handles your data">
        <P>
          We use a small number of processors, each bound to use the data only to provide its
          service to us:
        </P>
        <Points>
          <li>
            <strong>Stripe</strong> takes and stores card payments, and keeps your billing name,
            e-mail address and payment history to do so.
          </li>
          <li>
            <strong>SendGrid</strong> (Twilio) delivers our e-mails: confirmations, password links,
            receipts, reminders and, if you subscribed, the newsletter.
          </li>
          <li>Our hosting provider runs the servers and database that hold everything above.</li>
        </Points>
        <P>
          We share data with anyone else only when the law requires it, and we will tell you when we
          may.
        </P>
      </LegalSection>

      <LegalSection title="4. Cookies and storage">
        <P>
          The site sets no advertising or tracking cookies. Your browser keeps your sign-in session
          in its local storage so that you stay signed in; signing out removes it.
        </P>
      </LegalSection>

      <LegalSection title="5. Taking your data, and erasing it">
        <P>
          Download my data, in Settings under Profile, gives you a copy of everything we hold about
          you, your leads and workspace included, at any time.
        </P>
        <P>
          Delete my account, in the same place, cancels your subscription at once and erases your
          profile and your workspace with all its leads, signals, notes and imports. Records of past
          payments are kept without your name, as accounting requires.
        </P>
      </LegalSection>

      <LegalSection title="6. Your rights and how to reach us">
        <P>
          You may ask us what we hold about you, have it corrected or erased, object to a use of it,
          or take it elsewhere. If a lead of one of our members contacts us, we will pass the
          request to that member, who decides what happens to the data they hold, and help them
          answer it. Write to <Link href={`mailto:${support}`}>{support}</Link>; we answer within 30
          days. You may also complain to your data-protection authority.
        </P>
        <P>
          This policy sits beside our{' '}
          <Link component={RouterLink} to={SITE_ROUTES.terms}>
            Terms of Service
          </Link>
          . If we change this policy in a way that matters, we will e-mail members before it takes
          effect.
        </P>
      </LegalSection>
    </LegalPage>
  );
}
