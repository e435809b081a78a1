import { Link as RouterLink } from 'react-router-dom';
import { Link } from '@mui/material';
import { SITE_ROUTES } from '@leadpulse/common';
import { APP_NAME, supportEmail } from '../../config';
import { LegalPage, LegalSection, P, Points } from './LegalPage';

/** The agreement between a member and the product, in the words a member would use. */
export function TermsPage() {
  const support = supportEmail();
  return (
    <LegalPage title="Terms of Service">
      <P>
        These terms are the agreement between you and {APP_NAME} when you create an account or buy a
        plan. We have tried to write them so that you can read them in five minutes; if anything is
        unclear, write to <Link href={`mailto:${support}`}>{support}</Link>.
      </P>

      <LegalSection title="1. The service">
        <P>
          {APP_NAME} helps sales professionals, teams and agencies find and follow up the people
          most likely to buy from them: you bring your own data (your LinkedIn data export, CSV
          files, leads you add by hand), and the service scores your leads, explains each score and
          suggests what to do next. Some features are announced as coming; we describe them as such
          and never charge for a feature as if it were there.
        </P>
      </LegalSection>

      <LegalSection title="2. Your account">
        <Points>
          <li>You must be at least 18 and use the service for your work.</li>
          <li>
            Keep your password to yourself, and turn on two-step sign-in if others could reach your
            e-mail. You are responsible for what is done with your account.
          </li>
          <li>One account per person; a team gets a workspace, not a shared password.</li>
        </Points>
      </LegalSection>

      <LegalSection title="3. Plans, payment and cancellation">
        <Points>
          <li>
            Plans are billed monthly in advance through Stripe, at the price shown when you buy. The
            Founding Member offer costs $50 for the first 3 months and then moves automatically to
            the Prospector plan at $75/month, unless you cancel before.
          </li>
          <li>
            Subscriptions renew by themselves. You can cancel at any time in Settings under
            Subscription: you keep your plan until the end of the period you have paid for, and are
            not charged again.
          </li>
          <li>
            A change of plan takes effect as the Change plan dialog says before you confirm it, with
            any difference in price shown there.
          </li>
          <li>
            If a payment fails we tell you by e-mail and on your dashboard and try again for a
            while; if it still fails, your plan is paused until the card is updated.
          </li>
          <li>
            We tell you by e-mail at least 30 days before a price change applies to you, and you can
            cancel before it does.
          </li>
        </Points>
      </LegalSection>

      <LegalSection title="4. Your data and the people in it">
        <P>
          What you bring stays yours. You give us the right to store and process it only to provide
          the service to you. Your leads are personal data of other people: bring only data you are
          allowed to use, use the service in line with the data-protection law that applies to you,
          and honour a person&apos;s request to be left alone. How we handle all of this is set out
          in our{' '}
          <Link component={RouterLink} to={SITE_ROUTES.privacy}>
            Privacy Policy
          </Link>
          .
        </P>
      </LegalSection>

      <LegalSection title="5. Fair use">
        <P>Do not use {APP_NAME} to:</P>
        <Points>
          <li>send spam or messages the recipient has no reason to expect;</li>
          <li>
            import data obtained by scraping, or otherwise against the terms of the site it came
            from (LinkedIn&apos;s User Agreement forbids scraping);
          </li>
          <li>try to reach another member&apos;s data, or overload or probe the service;</li>
          <li>resell the service without our written agreement.</li>
        </Points>
        <P>We may suspend an account that does, and will tell you why unless the law stops us.</P>
      </LegalSection>

      <LegalSection title="6. Availability and liability">
        <P>
          We work to keep the service running and your data safe, but we cannot promise that it will
          never be interrupted. Suggestions and scores are aids to your judgement, not guarantees of
          a sale. To the extent the law allows, our liability to you is limited to what you paid us
          in the 12 months before the claim; nothing in these terms limits rights that consumer law
          gives you.
        </P>
      </LegalSection>

      <LegalSection title="7. Ending the agreement, and changes">
        <P>
          You can delete your account at any time in Settings under Profile; your data is then
          erased as the Privacy Policy says. If we change these terms in a way that matters, we will
          e-mail you at least 30 days before the change applies; continuing to use the service after
          that means you accept it.
        </P>
      </LegalSection>
    </LegalPage>
  );
}
