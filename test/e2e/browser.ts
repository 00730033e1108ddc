// Debian's Chromium driven by playwright-core, and helpers shared by the end-to-end tests.
import { existsSync, readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject, onTestFailed } from 'vitest';
import { mailsTo as storedMails, type Mail } from '../support/api';

export const CHROMIUM = '/usr/bin/chromium';
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export async function launch(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install -y chromium`);
  return chromium.launch({ executablePath: CHROMIUM, args: ARGS });
}

/**
 * The stack these helpers talk to: the one global-setup provides, or the one a script outside vitest
 * started (the Lighthouse bench seeds its clinic with ownerWithData through this).
 */
let scriptStack: { appUrl: string; inboxUrl: string } | undefined;
export function useStack(urls: { appUrl: string; inboxUrl: string }) {
  scriptStack = urls;
}
export const stackUrl = (key: 'appUrl' | 'inboxUrl') => scriptStack?.[key] ?? inject(key);

export const appUrl = (path = '/') => `${stackUrl('appUrl')}${path}`;

/**
 * A client address of its own (198.18.0.0/15, for tests), sent as X-Forwarded-For: the e2e files share
 * one stack, and the per-address limits of the public writes (sign-up: 20 an hour) would otherwise
 * count every file's sign-ups and bookings together.
 */
export const testClientHeaders = () => ({ 'x-forwarded-for': `198.18.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}` });

/** A fresh browser profile (cookies, storage) with the console's console errors collected. */
export async function newContext(browser: Browser, options: { width?: number; height?: number; colorScheme?: 'light' | 'dark' } = {}) {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
    colorScheme: options.colorScheme ?? 'light',
    extraHTTPHeaders: testClientHeaders(),
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  // A failing test leaves a screenshot of where it stopped in test-results/e2e/.
  onTestFailed(async ({ task }) => {
    const name = task.name.replace(/[^a-z0-9]+/gi, '-').toLowerCase();
    await page.screenshot({ path: `test-results/e2e/${name}.png`, fullPage: true }).catch(() => undefined);
  });
  return { context, page, errors };
}

/** Mails the local SES inbox captured for an address, oldest first. */
export const mailsTo = (address: string): Promise<Mail[]> => storedMails(address, stackUrl('inboxUrl'));

export const mailCount = async (address: string) => (await mailsTo(address)).length;

/**
 * The 6-digit code of the newest mail to an address that carries one, among those after the first
 * `after` (security notices, such as a new sign-in, may arrive in between and carry none).
 */
export async function codeFor(address: string, after = 0): Promise<string> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const mails = (await mailsTo(address)).slice(after);
    const code = mails.map((mail) => /\b(\d{6})\b/.exec(`${mail.subject} ${mail.body?.text ?? ''}`)?.[1]).filter(Boolean).at(-1);
    if (code) return code;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`No code mailed to ${address}`);
}

export const uniqueEmail = (tag = 'e2e') => `${tag}-${randomUUID().slice(0, 8)}@example.com`;

/** Types into the field labelled `label` (a required field's label ends with a star). */
export async function fill(page: Page, label: string, value: string) {
  await page.getByLabel(new RegExp(`^${label}\\*?$`)).fill(value);
}

/** Email and password on the combined screen. */
export async function submitCredentials(page: Page, email: string, password: string) {
  await page.goto(appUrl('/auth'));
  await fill(page, 'Email', email);
  await fill(page, 'Password', password);
  await page.getByRole('button', { name: 'Continue' }).click();
}

/** The whole sign-up through the screens; ends on the dashboard. */
export async function signUp(page: Page, email: string, password: string) {
  await submitCredentials(page, email, password);
  await page.getByRole('button', { name: 'Verify' }).waitFor();
  await fill(page, 'Verification code', await codeFor(email));
  await page.getByRole('button', { name: 'Verify' }).click();

  await page.waitForURL('**/auth/add-basic-details');
  await fill(page, 'Username', `user${randomUUID().slice(0, 6)}`);
  await fill(page, 'First name', 'Olive');
  await fill(page, 'Last name', 'Owner');
  await fill(page, 'Phone number', '+15551234567');
  await page.getByLabel(/^Gender/).selectOption('female');
  await page.getByLabel('Country').selectOption('Canada');
  await page.getByRole('button', { name: 'Continue' }).click();

  await page.waitForURL('**/auth/add-org-details');
  await fill(page, 'Organisation name', 'Riverside Clinic');
  await fill(page, 'Legal name', 'Riverside Clinic LLC');
  await fill(page, 'Organisation email', email);
  await fill(page, 'Website', 'https://riverside.example.com');
  await fill(page, 'Phone number', '+15551234567');
  await page.getByRole('button', { name: 'Create organisation' }).click();
  await page.waitForURL('**/dashboard');
}

export async function tokenCookie(context: BrowserContext) {
  return (await context.cookies()).find((c) => c.name === 'token');
}

/** Layout shifts since the page started (as Lighthouse's CLS counts them: none after an input). */
export async function layoutShift(page: Page): Promise<number> {
  return (await layoutShifts(page)).total;
}

/** The same, with what moved (element, text, from and to), for a failure message that says where. */
export function layoutShifts(page: Page): Promise<{ total: number; moved: string[] }> {
  return page.evaluate(
    () =>
      new Promise<{ total: number; moved: string[] }>((resolve) => {
        let total = 0;
        const moved: string[] = [];
        type Source = { node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly };
        const rect = (r: DOMRectReadOnly) => `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}x${Math.round(r.height)}`;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: Source[] })[]) {
            if (entry.hadRecentInput) continue;
            total += entry.value;
            for (const s of entry.sources ?? []) {
              const node = s.node instanceof Element ? `${s.node.tagName.toLowerCase()}.${s.node.className}` : (s.node?.nodeName ?? '?');
              moved.push(`${entry.value.toFixed(5)} at ${Math.round(entry.startTime)} ms: ${node} "${(s.node?.textContent ?? '').slice(0, 30)}" ${rect(s.previousRect)} -> ${rect(s.currentRect)}`);
            }
          }
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve({ total, moved }), 300);
      }),
  );
}

/**
 * Until the page's transitions and animations that end (a dialog's or a toast's fade) have ended, so
 * that what is measured next (axe's colour contrast) is what is painted; up to 2 s. Endless ones (a
 * spinner) do not count. Checked at each frame: no fixed wait when nothing moves.
 */
export async function transitionsEnded(page: Page) {
  await page
    .waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity), undefined, { timeout: 2_000, polling: 'raf' })
    .catch(() => undefined);
}

/** One finding of axe: the rule, its impact and the nodes it failed on. */
export interface AxeViolation {
  id: string;
  impact?: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

/** The axe-core that @axe-core/playwright itself runs (so both always check by the same rules). */
let axeSource: string | undefined;
function axeCore(): string {
  const fromAxePlaywright = createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright'));
  return (axeSource ??= readFileSync(fromAxePlaywright.resolve('axe-core/axe.min.js'), 'utf8'));
}

/**
 * axe's violations of the rules tagged `tags` on the page as it is now: what
 * `new AxeBuilder({ page }).withTags(tags).options({ resultTypes: ['violations'] }).analyze()` finds,
 * at a fraction of its time. AxeBuilder sends axe's 600 KB source into the page at every call and
 * finishes each run in a new blank page; here axe is sent once per document (a console page reached
 * by in-app navigation keeps it) and runs where it is. Same-origin frames get axe too, and are checked
 * with the page (axe.run's default), as AxeBuilder's legacy mode does.
 */
export async function axeViolations(page: Page, tags: readonly string[]): Promise<AxeViolation[]> {
  const hasAxe = 'typeof window.axe === "object" && typeof window.axe.run === "function"';
  for (const frame of page.frames()) {
    const main = frame === page.mainFrame();
    try {
      if (!(await frame.evaluate(hasAxe))) await frame.evaluate(axeCore());
    } catch (error) {
      // A frame of another origin, or one gone meanwhile, stays out (axe reports it as not tested); the page itself may not.
      if (main) throw error;
    }
  }
  return page.evaluate(
    (values) =>
      (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }> } }).axe
        .run(document, { runOnly: { type: 'tag', values }, resultTypes: ['violations'] })
        .then((results) => results.violations.map(({ id, impact, help, nodes }) => ({ id, impact, help, nodes: nodes.map(({ target, failureSummary }) => ({ target, failureSummary })) }))),
    [...tags],
  );
}
