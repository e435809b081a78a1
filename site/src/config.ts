/** The product's name as the site shows it. */
export const APP_NAME = 'LeadPulse';
