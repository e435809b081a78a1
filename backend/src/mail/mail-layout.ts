// The frame every e-mail is rendered in: HTML with the brand and footer, and its plain-text twin.
export const LAYOUT_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>{{subject}}</title>
<style>
body{margin:0;background:#f8fafc;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:#0f172a}
.card{max-width:560px;margin:24px auto;background:#fff;border-radius:12px;padding:32px;line-height:1.55}
.brand{font-weight:800;color:#1d4ed8;font-size:20px;margin-bottom:24px}
.button{display:inline-block;background:#1d4ed8;color:#fff !important;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:600}
.muted,.footer{color:#64748b;font-size:14px}.footer{max-width:560px;margin:0 auto 24px;text-align:center}
</style></head>
<body><div class="card"><div class="brand">{{appName}}</div>{{{body}}}</div>
<p class="footer">Questions? Write to <a href="mailto:{{supportEmail}}">{{supportEmail}}</a>.{{#if unsubscribeLink}}<br>Don't want our news? <a href="{{unsubscribeLink}}">Unsubscribe</a>.{{/if}}</p></body></html>`;

export const LAYOUT_TEXT = `{{{body}}}

--
{{appName}} · {{appUrl}}
Questions? Write to {{supportEmail}}.{{#if unsubscribeLink}}
Don't want our news? Unsubscribe: {{unsubscribeLink}}{{/if}}`;
