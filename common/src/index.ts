export * from './plans.js';
export * from './display.js';
export * from './health.js';
export * from './messages.js';
export * from './session-client.js';
export * from './phone.js';
export * from './admin.js';
export * from './audit.js';
