// Environment settings of the lead workspace: the LLM that drafts comments, automation webhooks.
import {
  IsBoolean,
  IsInt,
  IsOptional,
  IsString,
  IsUrl,
  Max,
  Min,
  MinLength,
  ValidateIf,
} from 'class-validator';
import { booleanFromEnv } from './environment-decorators.js';
import { MailSettings } from './environment-mail.js';

const llmConfigured = (env: LeadSettings) =>
  env.LLM_BASE_URL !== undefined || env.LLM_API_KEY !== undefined || env.LLM_MODEL !== undefined;

export class LeadSettings extends MailSettings {
  /** An OpenAI-compatible API writes the comment drafts when all three LLM_ settings are set. */
  @ValidateIf(llmConfigured)
  @IsUrl({ require_tld: false, protocols: ['http', 'https'], require_protocol: true })
  LLM_BASE_URL?: string;

  @ValidateIf(llmConfigured)
  @IsString()
  @MinLength(1, { message: 'LLM_API_KEY is required with LLM_BASE_URL and LLM_MODEL' })
  LLM_API_KEY?: string;

  @ValidateIf(llmConfigured)
  @IsString()
  @MinLength(1, { message: 'LLM_MODEL is required with LLM_BASE_URL and LLM_API_KEY' })
  LLM_MODEL?: string;

  /** How long the drafts wait for the LLM before the offline writer takes over. */
  @IsInt()
  @Min(100)
  @Max(120_000)
  LLM_TIMEOUT_MS: number = 15_000;

  /**
   * Automation webhooks may reach loopback and private addresses and plain HTTP: for development
   * and tests. Unset, true outside production; production refuses them.
   */
  @IsOptional()
  @booleanFromEnv()
  @IsBoolean()
  AUTOMATION_WEBHOOK_ALLOW_PRIVATE?: boolean;

  /** First retry of a failed automation webhook; later ones wait about twice as long. */
  @IsInt()
  @Min(1)
  AUTOMATION_WEBHOOK_RETRY_DELAY_SECONDS: number = 30;

  /** Retries of a failed automation webhook after its first attempt. */
  @IsInt()
  @Min(0)
  @Max(20)
  AUTOMATION_WEBHOOK_RETRY_LIMIT: number = 6;
}
