/** The product's name as the site shows it. */
export const APP_NAME = 'LeadPulse';

/** Where members write for help: the backend's default, support@ the site's own host. */
export const supportEmail = () => `support@${window.location.hostname}`;
