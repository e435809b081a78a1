import { HttpException } from '@nestjs/common';
import {
  AUTOMATION_ERRORS,
  COMMENT_ERRORS,
  LEAD_ERRORS,
  type PlanLimitReached,
} from '@leadpulse/common';
import { AppException } from '../common/app.exception.js';

/** The lead workspace's failures: each code with its message (declared once in common/). */
export const LEADS_ERRORS = {
  leadNotFound: () => new AppException('lead_not_found', 404, LEAD_ERRORS.lead_not_found),
  leadExists: (id: string) =>
    new AppException('lead_exists', 409, LEAD_ERRORS.lead_exists, { lead_id: id }),
  noteNotFound: () => new AppException('note_not_found', 404, LEAD_ERRORS.note_not_found),
  taskNotFound: () => new AppException('task_not_found', 404, LEAD_ERRORS.task_not_found),
  importNotFound: () => new AppException('import_not_found', 404, LEAD_ERRORS.import_not_found),
  importTooLarge: () => new AppException('import_too_large', 413, LEAD_ERRORS.import_too_large),
  importUnreadable: (detail?: string) =>
    new AppException(
      'import_unreadable',
      400,
      detail ? `${LEAD_ERRORS.import_unreadable} (${detail})` : LEAD_ERRORS.import_unreadable,
    ),
  importFileRequired: () =>
    new AppException('import_file_required', 400, LEAD_ERRORS.import_file_required),
  commentDraftNotFound: () =>
    new AppException('comment_draft_not_found', 404, COMMENT_ERRORS.comment_draft_not_found),
  automationRuleNotFound: () =>
    new AppException('automation_rule_not_found', 404, AUTOMATION_ERRORS.automation_rule_not_found),
  automationRuleLimit: () =>
    new AppException('automation_rule_limit', 409, AUTOMATION_ERRORS.automation_rule_limit),
  profileNotFound: () =>
    new AppException(
      'profile_not_found',
      404,
      'We could not find your profile. Please contact support.',
    ),
  planSuspended: () => new AppException('plan_suspended', 403, LEAD_ERRORS.plan_suspended),
  planLimitReached: (details: PlanLimitReached) => new PlanLimitException(details),
  invalid: (field: string, message: string) =>
    new AppException('validation_failed', 400, message, { [field]: message }),
};

/** 403 `plan_limit_reached` with the limit, what is used and what the plan allows. */
export class PlanLimitException extends HttpException {
  constructor(details: PlanLimitReached) {
    super(
      {
        statusCode: 403,
        code: 'plan_limit_reached',
        message: LEAD_ERRORS.plan_limit_reached,
        ...details,
      },
      403,
    );
  }
}
