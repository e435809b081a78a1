// The greetings the e-mail templates open with.
export const GREETING_HTML = '<p>Hi{{#if firstName}} {{firstName}}{{/if}},</p>';
export const GREETING_TEXT = 'Hi{{#if firstName}} {{firstName}}{{/if}},';
/**
 * Confirmation e-mails go to addresses nobody has confirmed yet, with a name anyone could have
 * typed: they greet without one, whatever their data holds.
 */
export const NAMELESS_GREETING_HTML = '<p>Hi,</p>';
export const NAMELESS_GREETING_TEXT = 'Hi,';
