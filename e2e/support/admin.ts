/** The administrator the shared product creates at start (ADMIN_EMAIL / ADMIN_PASSWORD). */
export const E2E_ADMIN = { email: 'admin@leadpulse.test', password: 'e2e admin passphrase' };
