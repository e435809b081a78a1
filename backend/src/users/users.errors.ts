import { MESSAGES } from '@leadpulse/common';
import { AppException } from '../common/app.exception.js';
import { notFound } from '../common/id-param.js';

/** The users feature's errors and warnings, each code with its message, declared once. */
export const USER_NOT_FOUND = 'User not found.';

export const PROMO_STRIPE_WARNING = 'Promo saved, but the Stripe discount could not be updated';

export const usersErrors = {
  notFound: () => notFound(USER_NOT_FOUND),
  emailTaken: () =>
    new AppException(
      'email_taken',
      409,
      'This email is already in use. Please choose another one.',
    ),
  unknownFilter: (segment: unknown) =>
    new AppException('validation_failed', 400, `Unknown user filter: ${String(segment)}.`),
  /** A deleted account keeps only its history: no link, session or change is made for it. */
  deleted: () =>
    new AppException(
      'user_deleted',
      409,
      'This account has been deleted: only its history can be viewed.',
    ),
  suspendedStatus: () =>
    new AppException(
      'user_suspended',
      409,
      'This user is suspended: Reactivate lifts the suspension and puts back their status.',
    ),
  /** A time zone that is not an IANA name both the server and the database know. */
  invalidTimeZone: () =>
    new AppException(
      'invalid_time_zone',
      400,
      'Choose your time zone from the list, such as America/New_York or Europe/Paris.',
    ),
  alreadySetUp: () =>
    new AppException('already_set_up', 409, 'User has already set up their account'),
  profileNotFound: () =>
    new AppException(
      'profile_not_found',
      404,
      'We could not find your profile. Please contact support.',
    ),
  cannotSuspendSelf: () =>
    new AppException('cannot_suspend_self', 409, 'You cannot suspend your own account.'),
  /** Suspension's shorter text for a deleted account, kept as the back office shows it. */
  deletedNotSuspendable: () =>
    new AppException('user_deleted', 409, 'This account has been deleted.'),
  alreadySuspended: () =>
    new AppException('already_suspended', 409, 'This user is already suspended.'),
  notSuspended: () => new AppException('not_suspended', 409, 'This user is not suspended.'),
  /** Deleting one's account asks for the current password. */
  wrongPassword: () =>
    new AppException('invalid_password', 400, MESSAGES.settings.currentPasswordWrong),
  checkoutNotExpired: () =>
    new AppException(
      'stripe_failed',
      502,
      'Your open checkout could not be cancelled, so your account was not deleted. Please try again.',
    ),
  subscriptionNotCancelled: () =>
    new AppException(
      'stripe_failed',
      502,
      'Your subscription could not be cancelled, so your account was not deleted. Please try again.',
    ),
};
