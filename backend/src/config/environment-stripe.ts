// Environment settings of Stripe and billing: keys, price ids, event retries, grace days (the local sandbox reads its own).
import { IsInt, IsOptional, IsUrl, Matches, Max, Min } from 'class-validator';
import { RequiredInProduction, RequiredWithStripeKey } from './environment-decorators.js';
import { LimitSettings } from './environment-limits.js';

export class StripeSettings extends LimitSettings {
  /** Required in production; without it, development and tests use the local Stripe sandbox. */
  @RequiredInProduction()
  @Matches(/^(sk|rk)_(live|test)_\w+$/, {
    message: 'STRIPE_SECRET_KEY must be a Stripe secret key (sk_live_… or sk_test_…)',
  })
  STRIPE_SECRET_KEY?: string;

  @RequiredInProduction()
  @Matches(/^whsec_\w+$/, {
    message: 'STRIPE_WEBHOOK_SECRET must be a webhook signing secret (whsec_…)',
  })
  STRIPE_WEBHOOK_SECRET?: string;

  /** First retry of a Stripe event whose processing failed; later ones wait about twice as long. */
  @IsInt()
  @Min(1)
  STRIPE_EVENTS_RETRY_DELAY_SECONDS: number = 10;

  /** Stripe price ids of the catalogue; the sandbox knows these defaults. Required with STRIPE_SECRET_KEY. */
  @RequiredWithStripeKey()
  @Matches(/^price_\w+$/, {
    message:
      'STRIPE_PRICE_FOUNDING must be a Stripe price id (price_…), required with STRIPE_SECRET_KEY',
  })
  STRIPE_PRICE_FOUNDING?: string;

  @IsOptional()
  @Matches(/^price_\w+$/, {
    message: 'STRIPE_PRICE_PROSPECTOR must be a Stripe price id (price_…)',
  })
  STRIPE_PRICE_PROSPECTOR?: string;

  @IsOptional()
  @Matches(/^price_\w+$/, { message: 'STRIPE_PRICE_NETWORKER must be a Stripe price id (price_…)' })
  STRIPE_PRICE_NETWORKER?: string;

  @IsOptional()
  @Matches(/^price_\w+$/, { message: 'STRIPE_PRICE_RAINMAKER must be a Stripe price id (price_…)' })
  STRIPE_PRICE_RAINMAKER?: string;

  /**
   * Days a member keeps their plan after a renewal's first failed payment; then the plan reads as
   * suspended until the invoice is paid.
   */
  @IsInt()
  @Min(0)
  @Max(90)
  BILLING_GRACE_DAYS: number = 7;

  /** Where the Stripe SDK sends requests; the local sandbox's address in development and tests. */
  @IsUrl({ require_tld: false, protocols: ['http', 'https'], require_protocol: true })
  STRIPE_API_URL: string = 'https://api.stripe.com';
}
