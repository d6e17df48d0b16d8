/**
 * Every e-mail the product sends: its template name, what it is for, sample data for previews
 * (also the list of placeholders it may use), and the default subject and body (Liquid syntax).
 */
export interface EmailTemplateDefinition {
  name: string;
  label: string;
  description: string;
  sample: Record<string, unknown>;
  subject: string;
  body: string;
}

const user = { first_name: 'Paula', last_name: 'Price', full_name: 'Paula Price', email: 'paula@example.com' };
const company = { name: 'Acme Kitchens' };
const order = { id: 1042, name: 'Smith kitchen', po_number: 'PO-77', total_price: '$12,480.00', status: 'VERIFIED' };
const app = { name: 'Cabinetry Back-office', url: 'https://backoffice.example.com' };

/** Every e-mail opens by greeting its recipient. */
const greeting = (text: string) => `Hello {{ user.first_name }},\n\n${text}`;

export const EMAIL_TEMPLATES: readonly EmailTemplateDefinition[] = [
  {
    name: 'invitation',
    label: 'Invitation',
    description: 'Sent when an admin or a business manager invites someone to an account.',
    sample: {
      user,
      company,
      app,
      invited_by: 'Ada Admin',
      link: `${app.url}/invitation/3f1c.../accept`,
      expires_in_days: 7,
    },
    subject: 'You are invited to {{ app.name }}',
    body: greeting(`{{ invited_by }} invited you to {{ app.name }}{% if company.name %} for {{ company.name }}{% endif %}.
Choose your password here: {{ link }}

The link works once and expires in {{ expires_in_days }} days.`),
  },
  {
    name: 'password_reset',
    label: 'Password reset',
    description: 'Sent when a user asks to reset a forgotten password.',
    sample: { user, app, link: `${app.url}/reset-password?token=...`, expires_in_hours: 2 },
    subject: 'Reset your {{ app.name }} password',
    body: greeting(`Someone asked to reset the password of your account. If it was you, choose a new password here:
{{ link }}

The link works once and expires in {{ expires_in_hours }} hours. If it was not you, ignore this e-mail.`),
  },
  {
    name: 'access_request_received',
    label: 'Access request received',
    description: 'Sent to a visitor who asked for an account.',
    sample: { user, app },
    subject: 'We received your request for {{ app.name }}',
    body: greeting(`Thank you for your interest. We will review your request and get back to you shortly.`),
  },
  {
    name: 'access_request_rejected',
    label: 'Access request rejected',
    description: 'Sent when an admin rejects an access request.',
    sample: { user, app, reason: 'We only work with trade accounts in your area.' },
    subject: 'Your request for {{ app.name }}',
    body: greeting(`We are sorry, we cannot open an account for you at this time.{% if reason %}
{{ reason }}{% endif %}`),
  },
  {
    name: 'order_submitted',
    label: 'Order submitted',
    description: 'Sent to the customer when an order is submitted.',
    sample: { user, order, app },
    subject: 'Order {{ order.id }} ({{ order.name }}) received',
    body: greeting(`We received your order {{ order.name }} (PO {{ order.po_number }}), total {{ order.total_price }}.
We will verify it and let you know.`),
  },
  {
    name: 'order_approved',
    label: 'Order verified',
    description: 'Sent when the shop verifies an order and issues its invoice.',
    sample: { user, order, app },
    subject: 'Order {{ order.id }} ({{ order.name }}) verified',
    body: greeting(
      `Your order {{ order.name }} is verified and scheduled for production. Its invoice is in your account.`,
    ),
  },
  {
    name: 'order_declined',
    label: 'Order declined',
    description: 'Sent when the shop declines an order.',
    sample: { user, order, app, reason: 'Door style not available in walnut.' },
    subject: 'Order {{ order.id }} ({{ order.name }}) declined',
    body: greeting(`We could not accept your order {{ order.name }}: {{ reason }}
You can copy it into a new bid, change it and submit it again.`),
  },
  {
    name: 'approval_requested',
    label: 'Approval requested (to managers)',
    description: "Sent to a company's managers when an employee's order waits for their approval.",
    sample: {
      user,
      company,
      order,
      app,
      requested_by: 'Eve Employee',
      total: '$12,480.00',
      link: `${app.url}/orders/1042`,
    },
    subject: 'Approval asked: order {{ order.name }} ({{ total }})',
    body: greeting(`{{ requested_by }} asks you to approve order {{ order.name }}{% if company.name %} of {{ company.name }}{% endif %}, total {{ total }}.
Approve or decline it here: {{ link }}`),
  },
  {
    name: 'approval_approved',
    label: 'Approval granted (to the employee)',
    description: 'Sent to the employee when a manager approves the order, which goes to the shop.',
    sample: { user, order, app, decided_by: 'Mia Manager', total: '$12,480.00', note: 'Go ahead.' },
    subject: 'Order {{ order.name }} approved',
    body: greeting(`{{ decided_by }} approved your order {{ order.name }} (total {{ total }}); it is submitted to the shop.{% if note %}
{{ note }}{% endif %}`),
  },
  {
    name: 'approval_declined',
    label: 'Approval declined (to the employee)',
    description: 'Sent to the employee when a manager declines the order; it stays a bid.',
    sample: { user, order, app, decided_by: 'Mia Manager', total: '$12,480.00', reason: 'Over the job budget.' },
    subject: 'Order {{ order.name }} not approved',
    body: greeting(`{{ decided_by }} did not approve your order {{ order.name }} (total {{ total }}): {{ reason }}
The order stays a bid: change it and submit it again.`),
  },
  {
    name: 'proposal_sent',
    label: "Proposal (to the dealer's client)",
    description: "Sent to a dealer's client when the dealer sends a proposal: the link to read, accept or decline it.",
    sample: {
      user: { first_name: 'Hank', last_name: 'Homeowner', full_name: 'Hank Homeowner', email: 'hank@example.com' },
      dealer: { name: 'Acme Kitchens', phone: '(555) 010-2000' },
      proposal: { number: 'P-000042', total: '$15,600.00', valid_until: '01/15/2027' },
      link: `${app.url}/p/Zk3...`,
    },
    subject: 'Your proposal {{ proposal.number }} from {{ dealer.name }}',
    body: greeting(`{{ dealer.name }} sent you proposal {{ proposal.number }}, total {{ proposal.total }}, valid until {{ proposal.valid_until }}.
Read it, then accept or decline it here: {{ link }}{% if dealer.phone %}

Questions? Call {{ dealer.phone }}.{% endif %}`),
  },
  {
    name: 'proposal_viewed',
    label: 'Proposal opened (to the dealer)',
    description: 'Sent to the dealer who made a proposal when its client first opens it.',
    sample: { user, app, proposal: { number: 'P-000042', client: 'Hank Homeowner' }, link: `${app.url}/proposals/42` },
    subject: '{{ proposal.client }} opened proposal {{ proposal.number }}',
    body: greeting(`{{ proposal.client }} opened proposal {{ proposal.number }}.
See it here: {{ link }}`),
  },
  {
    name: 'proposal_accepted',
    label: 'Proposal accepted (to the dealer)',
    description: 'Sent to the dealer when the client accepts a proposal; says whether the order went to the shop.',
    sample: {
      user,
      app,
      order,
      proposal: { number: 'P-000042', client: 'Hank Homeowner', total: '$15,600.00' },
      accepted_by: 'Hank Homeowner',
      submitted: true,
      link: `${app.url}/proposals/42`,
    },
    subject: '{{ proposal.client }} accepted proposal {{ proposal.number }}',
    body: greeting(`{{ accepted_by }} accepted proposal {{ proposal.number }} (total {{ proposal.total }}).
{% if submitted %}Order {{ order.name }} is submitted to the shop.{% else %}Order {{ order.name }} is ready for you to submit.{% endif %}
See it here: {{ link }}`),
  },
  {
    name: 'proposal_declined',
    label: 'Proposal declined (to the dealer)',
    description: 'Sent to the dealer when the client declines a proposal, with the note they left.',
    sample: {
      user,
      app,
      proposal: { number: 'P-000042', client: 'Hank Homeowner' },
      note: 'We went with another layout.',
      link: `${app.url}/proposals/42`,
    },
    subject: '{{ proposal.client }} declined proposal {{ proposal.number }}',
    body: greeting(`{{ proposal.client }} declined proposal {{ proposal.number }}.{% if note %}
Their note: {{ note }}{% endif %}
See it here: {{ link }}`),
  },
  {
    name: 'payment_receipt',
    label: 'Payment receipt',
    description: 'Sent when a payment is applied.',
    sample: { user, order, app, payment: { amount: '$6,240.00', method: 'Card', date: 'Nov 21, 2026' } },
    subject: 'Receipt for your payment of {{ payment.amount }}',
    body: greeting(
      `We received {{ payment.amount }} by {{ payment.method }} on {{ payment.date }} for order {{ order.name }}. Thank you.`,
    ),
  },
  {
    name: 'refund_receipt',
    label: 'Refund receipt',
    description: 'Sent when money is given back on a payment.',
    sample: {
      user,
      order,
      app,
      refund: { amount: '$430.67', method: 'Card', date: 'Nov 27, 2026', invoice: 'INV-000028', reason: 'Overpayment' },
    },
    subject: 'Refund of {{ refund.amount }}',
    body: greeting(
      `We gave back {{ refund.amount }} by {{ refund.method }} on {{ refund.date }} for invoice {{ refund.invoice }} (order {{ order.name }}): {{ refund.reason }}`,
    ),
  },
  {
    name: 'payment_disputed',
    label: 'Payment disputed (to admins)',
    description: 'Sent to the admins when a customer disputes a card payment.',
    sample: {
      user,
      order,
      app,
      payment: { id: 21, amount: '$2,565.35', invoice: 'INV-000028', customer: 'Paula Price', reason: 'fraudulent' },
    },
    subject: 'Disputed: {{ payment.amount }} on {{ payment.invoice }}',
    body: greeting(
      `{{ payment.customer }} disputed the card payment #{{ payment.id }} of {{ payment.amount }} on {{ payment.invoice }} (order {{ order.name }}), reason: {{ payment.reason }}. The amount is back on the invoice's balance until the dispute closes. Answer it in Stripe.`,
    ),
  },
  {
    name: 'payment_bounced',
    label: 'Bank payment bounced',
    description:
      'Sent to the customer and the admins when a bank (ACH) payment fails after it was processing, or the bank returns it.',
    sample: {
      user,
      order,
      app,
      payment: {
        id: 31,
        amount: '$1,258.96',
        invoice: 'INV-000012',
        customer: 'Paula Price',
        reason: 'insufficient funds',
        date: 'Dec 6, 2026',
      },
    },
    subject: 'Bank payment of {{ payment.amount }} on {{ payment.invoice }} did not go through',
    body: greeting(
      `The bank payment #{{ payment.id }} of {{ payment.amount }} by {{ payment.customer }} on {{ payment.invoice }} (order {{ order.name }}) did not go through: {{ payment.reason }}. It was reported on {{ payment.date }}. The amount is owed again on the invoice; it can be paid again online, or by check or wire.`,
    ),
  },
  {
    name: 'payment_reminder',
    label: 'Payment reminder',
    description: 'Sent by an admin to a customer with an open balance.',
    sample: {
      user,
      company,
      app,
      open_balance: '$5,120.00',
      past_due: { amount: '$3,120.00', date: 'Dec 1, 2026' },
      next_due: { amount: '$2,000.00', date: 'Jan 15, 2027' },
      balance: '$3,120.00',
      due_date: 'Dec 1, 2026',
    },
    // Past due and what falls due next, each apart (issue 34); either is empty when there is none.
    subject: 'Payment reminder{% if past_due %}: {{ past_due.amount }} past due{% endif %}',
    body: greeting(
      `This is a friendly reminder about your account.{% if past_due %}
{{ past_due.amount }} is past due, the oldest since {{ past_due.date }}.{% endif %}{% if next_due %}
{{ next_due.amount }} falls due next, on {{ next_due.date }}.{% endif %}
Your open balance is {{ open_balance }}. You can pay online in your account.`,
    ),
  },
  {
    name: 'statement',
    label: 'Statement of account',
    description: 'A statement of account, sent by an admin or a customer, or by the monthly run when it is on.',
    sample: {
      user,
      company,
      app,
      statement: {
        party: 'Acme Kitchens',
        date_after: 'Nov 1, 2026',
        date_before: 'Nov 30, 2026',
        opening_balance: '$1,200.00',
        closing_balance: '$3,120.00',
        credit_available: '$0.00',
        link: `${app.url}/invoices/statement?date_after=2026-11-01&date_before=2026-11-30`,
        pdf: `${app.url}/api/accounts/companies/1/statement/?date_after=2026-11-01&date_before=2026-11-30&format=pdf`,
      },
    },
    subject: 'Your statement of account, {{ statement.date_after }} to {{ statement.date_before }}',
    body: greeting(`Here is the statement of account of {{ statement.party }} from {{ statement.date_after }} to {{ statement.date_before }}.
Opening balance: {{ statement.opening_balance }}
Closing balance: {{ statement.closing_balance }}{% if statement.credit_available != '$0.00' %}
Credit available: {{ statement.credit_available }}{% endif %}

See it in your account: {{ statement.link }}
The PDF (signed in): {{ statement.pdf }}`),
  },
  {
    name: 'pickup_reminder',
    label: 'Pickup reminder',
    description: 'Sent when a completed order waits to be picked up.',
    sample: { user, order, app, waiting_days: 6 },
    subject: 'Order {{ order.name }} is ready for pickup',
    body: greeting(
      `Your order {{ order.name }} has been ready for {{ waiting_days }} days. Please arrange pickup; storage fees may apply.`,
    ),
  },
  {
    name: 'announcement',
    label: 'Announcement',
    description: 'The frame of announcements sent from Settings > Announcements.',
    sample: { user, app, announcement: { title: 'Holiday hours', message: 'The shop is closed on January 1.' } },
    subject: '{{ announcement.title }}',
    body: greeting(`{{ announcement.message }}`),
  },
];

export function emailTemplateDefinition(name: string): EmailTemplateDefinition | undefined {
  return EMAIL_TEMPLATES.find((t) => t.name === name);
}
