import { Client } from '@sendgrid/client';
import { MailService } from '@sendgrid/mail';
import { AppConfig } from '../config/app-config.js';

export interface OutgoingMessage {
  id: string;
  to: string;
  template: string;
  subject: string;
  html: string;
  text: string;
  /** RFC 8058: mail clients show their own Unsubscribe button and post here. */
  oneClickUnsubscribeUrl?: string;
}

/** A provider's refusal: `retryable` for rate limits, server errors and network failures. */
export class DeliveryError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'DeliveryError';
  }
}

interface SendGridError extends Error {
  code?: number | string;
  response?: { body?: { errors?: { message?: string; field?: string | null }[] } };
}

/** Sends through SendGrid's v3 API with the official client; the base URL is configurable. */
export class SendGridTransport {
  private readonly mail: MailService;

  constructor(private readonly config: AppConfig) {
    const client = new Client();
    client.setApiKey(config.mail.sendgridApiKey!);
    client.setDefaultRequest('baseUrl', config.mail.sendgridApiUrl);
    this.mail = new MailService();
    this.mail.setClient(client);
    this.mail.setTimeout(config.mail.sendgridTimeoutSeconds * 1000);
  }

  /** Resolves with the provider's message id. */
  async send(message: OutgoingMessage): Promise<string | null> {
    try {
      const [response] = await this.mail.send({
        to: message.to,
        from: this.config.mail.from,
        replyTo: this.config.mail.supportEmail,
        subject: message.subject,
        html: message.html,
        text: message.text,
        customArgs: { email_id: message.id },
        headers: message.oneClickUnsubscribeUrl
          ? {
              'List-Unsubscribe': `<${message.oneClickUnsubscribeUrl}>`,
              'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
            }
          : undefined,
        categories: [message.template],
      });
      const id = response.headers['x-message-id'];
      return typeof id === 'string' ? id : null;
    } catch (error) {
      const failure = error as SendGridError;
      const status = typeof failure.code === 'number' ? failure.code : undefined;
      const details = failure.response?.body?.errors
        ?.map((e) => e.message)
        .filter(Boolean)
        .join('; ');
      const message = status
        ? `SendGrid ${status}: ${details || failure.message}`
        : `SendGrid unreachable: ${failure.message}`;
      throw new DeliveryError(
        message,
        status === undefined || status === 429 || status >= 500,
        status,
      );
    }
  }
}
