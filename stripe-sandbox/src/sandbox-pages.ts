/** The sandbox's HTML pages: what Stripe's hosted checkout, portal and dashboard would show. */

export interface PagePrice {
  unit_amount: number;
  interval_count: number;
  nickname: string;
}

const STYLE = `body{font-family:system-ui,sans-serif;background:#f6f9fc;margin:0;display:grid;place-items:center;min-height:100vh;color:#1a1f36}
main{background:#fff;border-radius:12px;box-shadow:0 4px 24px #0001;padding:32px;max-width:420px;width:calc(100% - 32px);box-sizing:border-box}
.badge{display:inline-block;background:#ffde92;color:#663c00;border-radius:4px;padding:2px 8px;font-size:12px;font-weight:600}
button{width:100%;padding:12px;border:0;border-radius:6px;font-size:16px;font-weight:600;cursor:pointer;margin-top:8px}
.pay{background:#635bff;color:#fff}.cancel{background:#e3e8ee;color:#1a1f36}
table{width:100%;border-collapse:collapse;font-size:14px}td{padding:4px 0;border-bottom:1px solid #e3e8ee}`;

const escape = (value: unknown) =>
  String(value ?? '').replace(
    /[&<>"']/g,
    (character) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character]!,
  );

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title><style>${STYLE}</style></head>
<body><main><span class="badge">TEST MODE</span>${body}</main></body></html>`;
}

export const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const every = (price: PagePrice) =>
  price.interval_count === 1 ? 'month' : `${price.interval_count} months`;

export function checkoutPage(
  session: { id: string; status?: unknown; allow_promotion_codes?: unknown },
  price: PagePrice,
  error?: string,
): string {
  const amount = money(price.unit_amount);
  const code = session.allow_promotion_codes
    ? `<label for="promotion_code" style="display:block;margin-top:8px">Promotion code</label>
<input id="promotion_code" name="promotion_code" autocomplete="off" style="width:100%;box-sizing:border-box;padding:10px;border:1px solid #c1c9d2;border-radius:6px;font-size:16px">
${error ? `<p role="alert" style="color:#df1b41">${escape(error)}</p>` : ''}`
    : '';
  const actions =
    session.status === 'open'
      ? `<form method="post" action="/checkout/${escape(session.id)}/pay">${code}<button class="pay" type="submit">Pay ${amount}</button></form>
<form method="post" action="/checkout/${escape(session.id)}/cancel"><button class="cancel" type="submit">Cancel</button></form>`
      : `<p>This checkout session is ${escape(session.status)}.</p>`;
  return page(
    'Test checkout',
    `<h1>${escape(price.nickname)}</h1>
<p><strong>${amount}</strong> every ${every(price)}</p>
<p>Test checkout of the local Stripe sandbox: no card is charged.</p>${actions}`,
  );
}

export interface PortalCard {
  brand: string;
  last4: string;
}

const cardName = (card: PortalCard) =>
  `${card.brand.charAt(0).toUpperCase()}${card.brand.slice(1)} •••• ${card.last4}`;

const returnLink = (returnUrl: unknown) =>
  returnUrl ? `<p><a href="${escape(returnUrl)}">Return</a></p>` : '';

export function portalPage(
  sessionId: string,
  email: unknown,
  subscriptions: { id: string; status?: unknown }[],
  returnUrl: unknown,
  card: PortalCard | undefined,
  updated = false,
): string {
  const rows =
    subscriptions
      .map((subscription) => `<li>${escape(subscription.id)}: ${escape(subscription.status)}</li>`)
      .join('') || '<li>No subscriptions</li>';
  return page(
    'Customer portal',
    `<h1>Billing</h1><p>${escape(email)}</p>
${updated ? '<p role="status">Your payment method was updated.</p>' : ''}
<h2>Payment method</h2><p>${card ? escape(cardName(card)) : 'No card on file'}</p>
<p><a href="/billing/${escape(sessionId)}/payment-method">Update payment method</a></p>
<h2>Subscriptions</h2><ul>${rows}</ul>
${returnLink(returnUrl)}`,
  );
}

/** Stripe's test cards a customer can put on file here, the declining one named as such. */
const PAGE_CARDS: { token: string; label: string }[] = [
  { token: 'pm_card_visa', label: 'Visa •••• 4242' },
  { token: 'pm_card_mastercard', label: 'Mastercard •••• 4444' },
  { token: 'pm_card_chargeCustomerFail', label: 'Visa •••• 0341 (declines charges)' },
];

/** The portal's payment method update (also the page of the `payment_method_update` flow). */
export function paymentMethodPage(
  sessionId: string,
  email: unknown,
  card: PortalCard | undefined,
  returnUrl: unknown,
): string {
  const options = PAGE_CARDS.map(
    ({ token, label }, index) =>
      `<label style="display:block;margin:8px 0"><input type="radio" name="payment_method" value="${token}"${index === 0 ? ' checked' : ''}> ${escape(label)}</label>`,
  ).join('');
  return page(
    'Update payment method',
    `<h1>Update payment method</h1><p>${escape(email)}</p>
<p>Current: ${card ? escape(cardName(card)) : 'no card on file'}</p>
<form method="post" action="/billing/${escape(sessionId)}/payment-method">
<fieldset style="border:0;padding:0"><legend>Test card</legend>${options}</fieldset>
<button class="pay" type="submit">Save</button></form>
${returnLink(returnUrl)}`,
  );
}

/** The end of a flow whose `after_completion` is a hosted confirmation. */
export function portalConfirmationPage(message: unknown, returnUrl: unknown): string {
  return page(
    'Customer portal',
    `<h1>Payment method updated</h1><p>${escape(message || 'Your payment method was updated.')}</p>
${returnLink(returnUrl)}`,
  );
}

/** The sandbox's own dashboard: its clock, which a developer or a test can move forward. */
export function dashboardPage(
  clock: number,
  subscriptions: { id: string; status: unknown; email: unknown; plan: string }[],
  holding = false,
): string {
  const rows = subscriptions
    .map(
      (row) =>
        `<tr><td>${escape(row.email)}</td><td>${escape(row.plan)}</td><td>${escape(row.status)}</td></tr>`,
    )
    .join('');
  return page(
    'Stripe sandbox',
    `<h1>Stripe sandbox</h1>
<p>Test clock: <time id="clock" datetime="${new Date(clock * 1000).toISOString()}">${new Date(clock * 1000).toUTCString()}</time></p>
<form method="post" action="/clock/advance"><input type="hidden" name="days" value="1"><button class="cancel" type="submit">Advance the clock 1 day</button></form>
<form method="post" action="/clock/advance"><input type="hidden" name="days" value="7"><button class="cancel" type="submit">Advance the clock 1 week</button></form>
<form method="post" action="/clock/advance"><input type="hidden" name="months" value="1"><button class="cancel" type="submit">Advance the clock 1 month</button></form>
<form method="post" action="/clock/advance"><input type="hidden" name="months" value="3"><button class="pay" type="submit">Advance the clock 3 months</button></form>
<p>Webhooks: <strong id="webhooks">${holding ? 'held (events are not delivered)' : 'delivered'}</strong></p>
${
  holding
    ? '<form method="post" action="/webhooks/resume"><button class="cancel" type="submit">Deliver webhooks again</button></form>'
    : '<form method="post" action="/webhooks/hold"><button class="cancel" type="submit">Hold webhook deliveries</button></form>'
}
<h2>Subscriptions</h2>${rows ? `<table><tbody>${rows}</tbody></table>` : '<p>No subscriptions yet.</p>'}`,
  );
}

export function receiptPage(charge: {
  id: string;
  amount: number;
  description: unknown;
  created: number;
}): string {
  return page(
    'Receipt',
    `<h1>Receipt</h1><p>${escape(charge.description)}</p><p><strong>${money(charge.amount)}</strong></p>
<p>Paid ${new Date(charge.created * 1000).toUTCString()}</p><p>${escape(charge.id)}</p>`,
  );
}

/** A customer's page, where the back office's View in Stripe leads on the sandbox. */
export function customerPage(
  customer: { id: string; email: unknown; name: unknown; created: number },
  subscriptions: { id: string; status: unknown; plan: string; amount: number }[],
  invoices: { id: string; status: unknown; amount: number; created: number }[],
): string {
  const subscriptionRows = subscriptions
    .map(
      (row) =>
        `<tr><td>${escape(row.id)}</td><td>${escape(row.plan)}</td><td>${money(row.amount)}</td><td>${escape(row.status)}</td></tr>`,
    )
    .join('');
  const invoiceRows = invoices
    .map(
      (row) =>
        `<tr><td>${new Date(row.created * 1000).toISOString().slice(0, 10)}</td><td>${money(row.amount)}</td><td>${escape(row.status)}</td></tr>`,
    )
    .join('');
  return page(
    `Customer ${customer.id}`,
    `<h1>${escape(customer.name || customer.email || customer.id)}</h1>
<p>${escape(customer.email)}<br>${escape(customer.id)}<br>Created ${new Date(customer.created * 1000).toUTCString()}</p>
<h2>Subscriptions</h2>${subscriptionRows ? `<table><tbody>${subscriptionRows}</tbody></table>` : '<p>No subscriptions.</p>'}
<h2>Invoices</h2>${invoiceRows ? `<table><tbody>${invoiceRows}</tbody></table>` : '<p>No invoices.</p>'}
<p><a href="/">The sandbox's dashboard</a></p>`,
  );
}
