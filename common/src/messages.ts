/**
 * User-facing texts of member-site.md section 8, word for word, and the ones the product adds
 * where the spec has none. The backend answers with them and the site shows them.
 */
export const PASSWORD_MIN_LENGTH = 6;
/** The longest first or last name (their columns hold 100 characters). */
export const NAME_MAX_LENGTH = 100;
/** The longest full name, as typed at sign-up or on a billing address. */
export const FULL_NAME_MAX_LENGTH = 200;

export const MESSAGES = {
  login: {
    invalidCredentials: 'Invalid email or password. Please check your credentials and try again.',
    emailNotConfirmed: 'Please check your email and confirm your account before signing in.',
    accountSuspended: 'Your account has been suspended. Please contact support.',
    tooManyRequests: 'Too many login attempts. Please wait a moment and try again.',
    failed: 'Login failed. Please try again.',
    unexpected: 'An unexpected error occurred. Please try again.',
  },
  signup: {
    emailExists: 'This email is already in use. Please choose another one.',
    invalidEmail: 'Please enter a valid email address.',
    passwordTooShort: (minimum = PASSWORD_MIN_LENGTH) =>
      `Your password must be at least ${minimum} characters long.`,
    passwordTooCommon: 'This password is too common. Please choose another one.',
    failed: 'Sign up failed. Please try again.',
    success: 'Account created successfully! Please check your email to verify your account.',
    passwordsDoNotMatch: 'Passwords do not match.',
  },
  reset: {
    failed: 'Failed to send password reset email. Please try again.',
    sent: 'Password reset email sent! Check your inbox.',
  },
  setupPassword: {
    invalidLink: 'Invalid password reset link. Please try requesting a new one.',
    failed: 'Failed to update password. Please try again.',
    unexpected: 'An unexpected error occurred. Please try again.',
    success: 'Password updated successfully!',
    mismatch: 'Passwords do not match.',
    tooShort: (minimum = PASSWORD_MIN_LENGTH) =>
      `Password must be at least ${minimum} characters long.`,
    /** After a confirmation from another browser than the sign-up's, which drops the password. */
    chooseTitle: 'Choose your password',
    chooseReason:
      'Your e-mail is confirmed. This link was opened in a different browser from the one used to sign up, so please choose a password to secure your account.',
  },
  settings: {
    profileFailed: 'Failed to update profile. Please try again.',
    profileUpdated: 'Profile updated successfully!',
    passwordFailed: 'Failed to update password. Please try again.',
    passwordUpdated: 'Password updated successfully!',
    passwordsDoNotMatch: 'New passwords do not match',
    passwordTooShort: (minimum = PASSWORD_MIN_LENGTH) =>
      `Password must be at least ${minimum} characters`,
    currentPasswordWrong: 'Your current password is incorrect.',
    firstNameRequired: 'Please enter your first name.',
    noBillingAccount: 'Billing management will be available once payment processing is set up.',
  },
  session: {
    invalidConfirmationLink:
      'This confirmation link is invalid or has expired. Please request a new one.',
    expired: 'Your session has expired. Please sign in again.',
    required: 'You need to sign in first.',
    tooManyRequests: 'Too many requests. Please wait a moment and try again.',
  },
  /** A new confirmation link; the answer never tells whether the account exists. */
  confirmation: {
    resend: 'Resend confirmation e-mail',
    resent: "If an account with that e-mail is waiting for confirmation, we've sent a new link.",
  },
  founding: {
    fillAllFields: 'Please fill in all fields.',
    checkoutFailed: 'There was an error creating your checkout session. Please try again.',
    alreadyActive: 'User already has an active account. Please sign in instead.',
    soldOut: 'All founding spots have been claimed.',
  },
  /** The founding success page: what the checkout's state really is, and what to do next. */
  /** The server refused to renew an open page's session. */
  sessionEnded: 'Your session has ended. Please sign in again.',
  foundingSuccess: {
    checking: 'Checking your payment…',
    paid: 'Your payment went through.',
    setPassword: (email: string | null) =>
      `${email ? `We've sent a link to ${email}.` : "We've e-mailed you a link."} Set your password with it first; then you can sign in to your dashboard.`,
    memberActive: 'Your founding membership is now part of your account.',
    processingTitle: 'Your payment is being processed',
    processing:
      "Your payment hasn't been confirmed yet. This page updates by itself; you can also close it, we'll e-mail you once it's through.",
    expiredTitle: 'Your payment did not go through',
    expired: 'This checkout was cancelled or has expired, and you have not been charged.',
    tryAgain: 'Try Again',
    unknownTitle: "We can't find this payment",
    unknown: (supportEmail: string) =>
      `We couldn't find a checkout for this link. If you have been charged, please contact ${supportEmail} and we'll sort it out.`,
    contactSupport: 'Contact Support',
    whereEmailWent: (email: string | null) =>
      `${email ? `We sent it to ${email}` : 'We sent it to the address you paid with'}, from LeadPulse. Open that inbox in your usual mail app; if it isn't there within a few minutes, look in the spam or promotions folder.`,
  },
  waitlist: {
    failed: 'Failed to join waitlist. Please try again.',
  },
  /** The newsletter's e-mailed links (confirm, unsubscribe). */
  newsletter: {
    invalidLink: 'This link is invalid or has expired.',
  },
  errorScreen: {
    title: 'Something went wrong',
    text: "We've encountered an unexpected error. Our team has been notified.",
  },
  /** Two-step verification (TOTP and recovery codes). */
  mfa: {
    invalidCode: 'That code is not valid. Please check it and try again.',
    invalidToken: 'Your sign-in has expired. Please sign in again.',
    enrollmentRequired: 'Set up two-step verification to use the admin portal.',
    alreadyEnabled: 'Two-step verification is already on.',
    factorNotFound: 'This two-step verification setup no longer exists. Please start again.',
    notEnabled: 'This user has not turned on two-step verification.',
    ownReset: 'Change your own two-step verification in Settings → Security.',
  },
  admin: {
    accessDenied: "You don't have permission to access the admin portal.",
  },
  validation: {
    emailRequired: 'Email is required',
    fillAllFields: 'Please fill in all fields.',
    nameCharacters: 'Names cannot contain line breaks or control characters.',
  },
} as const;
