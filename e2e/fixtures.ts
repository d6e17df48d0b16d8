import { type Role, WEB_TEXT } from '@cab/shared';
import { type APIRequestContext, type Download, expect, type Locator, type Page, test } from '@playwright/test';

/** Demo users the server seeds (packages/db seed). */
export const DEMO_PASSWORD = 'Demo1234!';

export const DEMO_USERS: Record<Role, string> = {
  ADMIN: 'admin@demo.test',
  STAFF: 'staff@demo.test',
  PERSONAL: 'personal@demo.test',
  BUSINESS_MANAGER: 'manager@demo.test',
  BUSINESS_EMPLOYEE: 'employee@demo.test',
};

/** Signs in as require_password_reset=true (PERSONAL). */
export const RESET_USER = 'reset@demo.test';

/** The key under which the web app keeps the API token (apps/web/src/lib/token.ts). */
export const TOKEN_KEY = 'cab.token';

/** Fills and submits the login form; does not wait for any particular page. */
export async function submitLogin(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  if (!new URL(page.url() === 'about:blank' ? 'http://x/' : page.url()).pathname.startsWith('/login')) {
    await page.goto('/login');
  }
  await page.getByLabel(WEB_TEXT.emailLabel, { exact: true }).fill(email);
  await page.getByLabel(WEB_TEXT.passwordLabel, { exact: true }).fill(password);
  await page.getByRole('button', { name: WEB_TEXT.signInButton }).click();
}

/**
 * Signs in as the demo user of `role`. Without `at`: through the login form, waiting for the
 * shell. With `at`: opens `at` already signed in, with a token from the API put where the app
 * keeps it (the form's own path is walked by shell, guards and new-user specs; the rest need not
 * pay a page load and a dashboard for it).
 */
export async function loginAs(page: Page, role: Role, at?: string): Promise<void> {
  if (at !== undefined) {
    const token = await tokenOf(page.request, DEMO_USERS[role]);
    // Once, on the next page this tab opens: a later sign-out or sign-in must not be undone by it.
    const once = `e2e.signed-in.${Math.random()}`;
    await page.addInitScript(
      ({ once, key, token }) => {
        try {
          if (sessionStorage.getItem(once)) return;
          sessionStorage.setItem(once, '1');
          localStorage.setItem(key, token);
        } catch {
          // A frame without storage (a sandboxed or other-origin frame): not the app's.
        }
      },
      { once, key: TOKEN_KEY, token },
    );
    await page.goto(at);
    return;
  }
  await page.goto('/login');
  await submitLogin(page, DEMO_USERS[role]);
  await expect(page).not.toHaveURL(/\/login/);
  await expect(page.getByTestId('app-bar')).toBeVisible();
}

/** What the app shows when a call fails: the error popup (SPEC 8) or an error toast. */
const ERROR_SHOWN = '[data-testid="error-dialog"], .notistack-MuiContent-error';

/**
 * Clicks what starts a download and answers the file, as a person does: a click that started
 * nothing (it met the button while the page was still settling: no file, no spinner, no error) is
 * made again. An error the page shows instead fails at once with its text.
 */
export async function downloadFrom(page: Page, button: Locator): Promise<Download> {
  const errors = page.locator(ERROR_SHOWN);
  for (let attempt = 1; ; attempt++) {
    await expect(button, 'a download button spinning with no file to come').toBeEnabled();
    // An error shown after this click is the next one past those already on the page.
    const error = errors.nth(await errors.count());
    const file = page.waitForEvent('download', { timeout: 20_000 }).catch(() => null);
    const failed = error.waitFor({ timeout: 20_000 }).then(
      () => 'failed' as const,
      () => null,
    );
    await button.click();
    const outcome = await Promise.race([file, failed]);
    if (outcome === 'failed') throw new Error(`the download from ${button} failed: ${await error.innerText()}`);
    if (outcome) return outcome;
    // Still fetching (the spinner): its file is what comes next, given a minute more.
    if ((await button.getAttribute('aria-busy')) === 'true') {
      const late = await page.waitForEvent('download', { timeout: 60_000 }).catch(() => null);
      if (late) return late;
    }
    // Said in the log and the report: a first click that keeps missing is a finding, not noise.
    const note = `no download after click ${attempt} on ${button}`;
    console.log(note);
    test.info().annotations.push({ type: 'download click repeated', description: note });
    if (attempt === 3) throw new Error(note);
  }
}

export async function logout(page: Page): Promise<void> {
  await page.getByTestId('logout-button').click();
  await expect(page).toHaveURL(/\/login$/);
}

/**
 * Opens an autocomplete and picks an option. Opening is retried: on a loaded CI machine the
 * popup can close again (focus moving inside a dialog) before its options arrive.
 */
export async function chooseOption(page: Page, combobox: Locator, name: string): Promise<void> {
  const option = page.getByRole('option', { name, exact: true });
  await expect(async () => {
    if ((await combobox.getAttribute('aria-expanded')) !== 'true') await combobox.click();
    await option.click({ timeout: 5_000 });
  }).toPass({ timeout: 25_000 });
}

/** A demo user's token, through the API. */
export async function tokenOf(request: APIRequestContext, email: string): Promise<string> {
  const response = await request.post('/api/users/token/', { data: { email, password: DEMO_PASSWORD } });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { token: string }).token;
}

export interface OutboxMail {
  to: string;
  subject: string;
  body: string;
  template_name: string | null;
}

/**
 * The newest outbox e-mail to `to` (optionally of one template), read as admin through
 * GET /api/email/outbox/; waits for it, since the mail is written with the action that sends it.
 */
export async function newestMailTo(request: APIRequestContext, to: string, template?: string): Promise<OutboxMail> {
  const token = await tokenOf(request, DEMO_USERS.ADMIN);
  let found: OutboxMail | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get('/api/email/outbox/?page_size=100', {
          headers: { Authorization: `Token ${token}` },
        });
        const page = (await response.json()) as { results: OutboxMail[] };
        found = page.results.find(
          (m) => m.to.toLowerCase() === to.toLowerCase() && (!template || m.template_name === template),
        );
        return Boolean(found);
      },
      { message: `an e-mail to ${to}`, timeout: 10_000 },
    )
    .toBe(true);
  return found as OutboxMail;
}

/** The path of the invitation link in the newest invitation e-mail to `to` ("/invitation/{uuid}/accept"). */
export async function invitationPathFor(request: APIRequestContext, to: string): Promise<string> {
  const mail = await newestMailTo(request, to, 'invitation');
  const match = /\/invitation\/[0-9a-f-]{36}\/accept/i.exec(mail.body);
  expect(match, `an invitation link in ${mail.body}`).not.toBeNull();
  return (match as RegExpExecArray)[0];
}

/**
 * A new, active personal customer with `password`, made through the API: the admin registers it
 * and its invitation is accepted. For tests that change a user (e.g. its password) without
 * touching the shared demo accounts.
 */
export async function createCustomer(
  request: APIRequestContext,
  person: { email: string; first_name: string; last_name: string },
  password: string,
): Promise<void> {
  const token = await tokenOf(request, DEMO_USERS.ADMIN);
  const registered = await request.post('/api/accounts/register/', {
    headers: { Authorization: `Token ${token}` },
    data: person,
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const uuid = (await invitationPathFor(request, person.email)).split('/')[2];
  const accepted = await request.post(`/api/accounts/invite/${uuid}/accept/`, {
    data: { new_password: password, confirm_password: password },
  });
  expect(accepted.status(), await accepted.text()).toBe(200);
}
