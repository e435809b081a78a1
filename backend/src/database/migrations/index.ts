import type { MigrationInterface } from 'typeorm';
import { InitialSchema1795340435168 } from './1795340435168-InitialSchema.js';
import { AddEmailOutbox1795341582675 } from './1795341582675-AddEmailOutbox.js';
import { AddAuthTokensAndRateLimits1795342015119 } from './1795342015119-AddAuthTokensAndRateLimits.js';
import { AddNewsletterAndErrorReports1795343428889 } from './1795343428889-AddNewsletterAndErrorReports.js';
import { AddStripeEvents1795345101668 } from './1795345101668-AddStripeEvents.js';
import { AddFoundingReservations1795345621616 } from './1795345621616-AddFoundingReservations.js';
import { AddSubscriptions1795347690315 } from './1795347690315-AddSubscriptions.js';
import { AddTransactionsAndAdminActions1795349754446 } from './1795349754446-AddTransactionsAndAdminActions.js';
import { AddRolesBillingChangesAndComplimentaryAccess1795350365956 } from './1795350365956-AddRolesBillingChangesAndComplimentaryAccess.js';
import { BackfillPasswordSet1795351000000 } from './1795351000000-BackfillPasswordSet.js';
import { AddPaymentMethods1795353089207 } from './1795353089207-AddPaymentMethods.js';
import { AddPromotions1795355865911 } from './1795355865911-AddPromotions.js';
import { AddAdminRolesAndOneAuditTrail1795466410729 } from './1795466410729-AddAdminRolesAndOneAuditTrail.js';
import { AddFoundingReservationBuyer1795470706642 } from './1795470706642-AddFoundingReservationBuyer.js';
import { AddSendGridEvents1795471093611 } from './1795471093611-AddSendGridEvents.js';
import { AddSignupProof1795480000000 } from './1795480000000-AddSignupProof.js';
import { AddFoundingReminderSentAt1795490000000 } from './1795490000000-AddFoundingReminderSentAt.js';
import { AddSubscriptionHistory1795501500424 } from './1795501500424-AddSubscriptionHistory.js';
import { AddUserSuspension1795502000000 } from './1795502000000-AddUserSuspension.js';
import { AddUserDeletedAt1795502500000 } from './1795502500000-AddUserDeletedAt.js';
import { AddTwoStepVerification1795503743737 } from './1795503743737-AddTwoStepVerification.js';
import { AddDunningInvoices1795504523336 } from './1795504523336-AddDunningInvoices.js';
import { BoundUserSearchPendingLists1795512400000 } from './1795512400000-BoundUserSearchPendingLists.js';
import { AddDunningEndedEmail1795513000000 } from './1795513000000-AddDunningEndedEmail.js';
import { IndexExpirySweeps1795514000000 } from './1795514000000-IndexExpirySweeps.js';
import { DeletedAccountsStayDeleted1795871619684 } from './1795871619684-DeletedAccountsStayDeleted.js';
import { AddLeadWorkspace1795871678653 } from './1795871678653-AddLeadWorkspace.js';
import { AddLeadScoring1795873479532 } from './1795873479532-AddLeadScoring.js';
import { AddCommentDrafts1795876098757 } from './1795876098757-AddCommentDrafts.js';
import { AddMyPosts1795884497828 } from './1795884497828-AddMyPosts.js';
import { AddLeadStageChanges1795884527891 } from './1795884527891-AddLeadStageChanges.js';
import { AddDailyDigest1795884536806 } from './1795884536806-AddDailyDigest.js';
import { AddAutomationRules1795884550817 } from './1795884550817-AddAutomationRules.js';
import { StoreLeadUploadsInDatabase1795884638531 } from './1795884638531-StoreLeadUploadsInDatabase.js';
import { OneLeadSearchIndex1795886564016 } from './1795886564016-OneLeadSearchIndex.js';
import { SplitLeadScores1795889294407 } from './1795889294407-SplitLeadScores.js';
import { AddStageChangeReasonsAndNewsVisits1795889294424 } from './1795889294424-AddStageChangeReasonsAndNewsVisits.js';
import { CountLeadsPerWorkspace1795890000000 } from './1795890000000-CountLeadsPerWorkspace.js';

/** Every migration in order; a committed migration is never edited. */
export const MIGRATIONS: (new () => MigrationInterface)[] = [
  InitialSchema1795340435168,
  AddEmailOutbox1795341582675,
  AddAuthTokensAndRateLimits1795342015119,
  AddNewsletterAndErrorReports1795343428889,
  AddStripeEvents1795345101668,
  AddFoundingReservations1795345621616,
  AddSubscriptions1795347690315,
  AddTransactionsAndAdminActions1795349754446,
  AddRolesBillingChangesAndComplimentaryAccess1795350365956,
  BackfillPasswordSet1795351000000,
  AddPaymentMethods1795353089207,
  AddPromotions1795355865911,
  AddAdminRolesAndOneAuditTrail1795466410729,
  AddFoundingReservationBuyer1795470706642,
  AddSendGridEvents1795471093611,
  AddSignupProof1795480000000,
  AddFoundingReminderSentAt1795490000000,
  AddSubscriptionHistory1795501500424,
  AddUserSuspension1795502000000,
  AddUserDeletedAt1795502500000,
  AddTwoStepVerification1795503743737,
  AddDunningInvoices1795504523336,
  BoundUserSearchPendingLists1795512400000,
  AddDunningEndedEmail1795513000000,
  IndexExpirySweeps1795514000000,
  DeletedAccountsStayDeleted1795871619684,
  AddLeadWorkspace1795871678653,
  AddLeadScoring1795873479532,
  AddCommentDrafts1795876098757,
  AddMyPosts1795884497828,
  AddLeadStageChanges1795884527891,
  AddDailyDigest1795884536806,
  AddAutomationRules1795884550817,
  StoreLeadUploadsInDatabase1795884638531,
  OneLeadSearchIndex1795886564016,
  SplitLeadScores1795889294407,
  AddStageChangeReasonsAndNewsVisits1795889294424,
  CountLeadsPerWorkspace1795890000000,
];
