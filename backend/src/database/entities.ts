import { AdminActionEntity } from '../audit/admin-action.entity.js';
import { PromotionEntity } from '../promotions/promotion.entity.js';
import { AdminRoleEntity } from '../roles/admin-role.entity.js';
import { RoleEntity } from '../roles/role.entity.js';
import { DunningInvoiceEntity } from '../billing/dunning/dunning-invoice.entity.js';
import { AuthAccountEntity } from '../auth/auth-account.entity.js';
import { AuthTokenEntity } from '../auth/auth-token.entity.js';
import { RefreshTokenEntity } from '../auth/refresh-token.entity.js';
import { MfaChallengeEntity } from '../auth/mfa/mfa-challenge.entity.js';
import { MfaFactorEntity } from '../auth/mfa/mfa-factor.entity.js';
import { MfaRecoveryCodeEntity } from '../auth/mfa/mfa-recovery-code.entity.js';
import { RateLimitCounterEntity } from '../rate-limit/rate-limit-counter.entity.js';
import { FoundingReservationEntity } from '../founding/founding-reservation.entity.js';
import { ErrorReportEntity } from '../logs/error-report.entity.js';
import { EmailEntity } from '../mail/email.entity.js';
import { NewsletterSubscriptionEntity } from '../newsletter/newsletter-subscription.entity.js';
import { SendGridEventEntity } from '../newsletter/sendgrid-event.entity.js';
import { LeadImportEntity } from '../leads/imports/lead-import.entity.js';
import { MyPostEntity } from '../leads/imports/my-post.entity.js';
import { LeadSignalEntity } from '../leads/leads/lead-signal.entity.js';
import { LeadEntity } from '../leads/leads/lead.entity.js';
import { LeadScoreEntity } from '../leads/scoring/lead-score.entity.js';
import { LeadNoteEntity } from '../leads/notes/lead-note.entity.js';
import { LeadTaskEntity } from '../leads/tasks/lead-task.entity.js';
import { WorkspaceMemberEntity } from '../leads/workspaces/workspace-member.entity.js';
import { WorkspaceEntity } from '../leads/workspaces/workspace.entity.js';
import { WorkspaceIcpEntity } from '../leads/scoring/workspace-icp.entity.js';
import { PaymentMethodEntity } from '../payments/payment-method.entity.js';
import { TransactionEntity } from '../payments/transaction.entity.js';
import { PlanEntity } from '../plans/plan.entity.js';
import { SubscriptionHistoryEntity } from '../revenue/subscription-history.entity.js';
import { SubscriptionEntity } from '../subscriptions/subscription.entity.js';
import { UserEntity } from '../users/user.entity.js';
import { StripeEventEntity } from '../webhooks/stripe-event.entity.js';

/** Every entity, listed explicitly so that the same list serves the app, the CLI and the tests. */
export const ENTITIES = [
  AdminActionEntity,
  AdminRoleEntity,
  AuthAccountEntity,
  AuthTokenEntity,
  DunningInvoiceEntity,
  EmailEntity,
  ErrorReportEntity,
  FoundingReservationEntity,
  LeadEntity,
  LeadImportEntity,
  LeadNoteEntity,
  LeadSignalEntity,
  LeadScoreEntity,
  LeadTaskEntity,
  MfaChallengeEntity,
  MfaFactorEntity,
  MfaRecoveryCodeEntity,
  MyPostEntity,
  NewsletterSubscriptionEntity,
  PaymentMethodEntity,
  PlanEntity,
  PromotionEntity,
  RateLimitCounterEntity,
  RefreshTokenEntity,
  RoleEntity,
  SendGridEventEntity,
  StripeEventEntity,
  SubscriptionEntity,
  SubscriptionHistoryEntity,
  TransactionEntity,
  UserEntity,
  WorkspaceEntity,
  WorkspaceMemberEntity,
  WorkspaceIcpEntity,
];
