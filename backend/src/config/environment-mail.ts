// Environment settings of e-mail: SendGrid, the sender, support address and delivery retries.
import {
  IsInt,
  IsOptional,
  IsString,
  IsUrl,
  Matches,
  Max,
  Min,
  MinLength,
  ValidateIf,
} from 'class-validator';
import { StripeSettings } from './environment-stripe.js';

export class MailSettings extends StripeSettings {
  /** Without it, e-mails stay in the outbox as `logged` and their links are printed. */
  @IsOptional()
  @IsString()
  @MinLength(10)
  SENDGRID_API_KEY?: string;

  @IsUrl({ require_tld: false, protocols: ['http', 'https'], require_protocol: true })
  SENDGRID_API_URL: string = 'https://api.sendgrid.com';

  /** A send SendGrid has not answered within this many seconds fails, and is retried later. */
  @IsInt()
  @Min(1)
  @Max(120)
  SENDGRID_TIMEOUT_SECONDS: number = 15;

  /** The signed event webhook's verification key (Mail Settings); without it the webhook is refused. */
  @IsOptional()
  @IsString()
  @MinLength(40)
  SENDGRID_WEBHOOK_PUBLIC_KEY?: string;

  // A real sender must be verified with SendGrid, so a made-up default would only fail later.
  @ValidateIf(
    (env: MailSettings) => env.SENDGRID_API_KEY !== undefined || env.MAIL_FROM !== undefined,
  )
  @Matches(/^(.+<[^<>\s@]+@[^<>\s@]+>|[^<>\s@]+@[^<>\s@]+)$/, {
    message:
      'MAIL_FROM must be an address or "Name <address>", and is required with SENDGRID_API_KEY',
  })
  MAIL_FROM?: string;

  @IsOptional()
  @IsString()
  SUPPORT_EMAIL?: string;

  /** First retry delay of a failed delivery; later ones double (about an hour over 6 attempts at 60). */
  @IsInt()
  @Min(1)
  MAIL_RETRY_DELAY_SECONDS: number = 60;

  @IsInt()
  @Min(0)
  @Max(20)
  MAIL_RETRY_LIMIT: number = 5;
}
