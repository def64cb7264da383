// Plays the PSU in whatever SCA step the console's SCA panel shows, until the bank reports an outcome: the embedded
// wizard (PSU-ID, password, method, OTP), the bank's redirect or OAuth page, and decoupled approval. On the embedded
// sandbox the suite fills the bank's own pages too; on any other bank a person does that part, within a stated time.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { shownAuthorisationId } from '../sca-helpers';
import type { ScaApproach } from './check-file';
import type { Findings } from './findings';

export interface PsuActor {
  id: string;
  /** Undefined: a person types it (headed runs only). */
  password?: string;
  otp?: string;
  /** authenticationMethodId or part of the method's name. */
  scaMethod?: string;
  expectedApproach: ScaApproach;
  /** Set when the bank is the embedded sandbox: its base_url, whose redirect, OAuth and banking-app pages the suite fills. */
  sandboxBaseUrl?: string;
  /** Whether the browser window is visible: a person can only act in a headed run. */
  headless: boolean;
  waitForUserMs: number;
}

/** How an SCA ended: the bank's scaStatus in the panel, or the console's return from the bank's pages. */
export type ScaOutcome = 'finalised' | 'exempted' | 'failed' | 'returned' | 'returned-nok' | 'no-step' | 'closed';

const STEP_TIMEOUT_MS = 30_000;
const MAX_STEPS = 16;

type StepKind =
  'done' | 'redirect' | 'login' | 'identify' | 'method' | 'otp' | 'start' | 'monitor' | 'read' | 'unsupported' | 'none';

const stepHeadings: [RegExp, StepKind][] = [
  [/^\W*(Authorised|No SCA needed|Authorisation failed)$/, 'done'],
  [/^Continue at the bank$/, 'redirect'],
  [/^Authorise at the bank$/, 'redirect'],
  [/^Log in( to start the authorisation)?$/, 'login'],
  [/^Identify the PSU( to start the authorisation)?$/, 'identify'],
  [/^Choose an SCA method( to start the authorisation)?$/, 'method'],
  [/^Enter the one-time password( to start the authorisation)?$/, 'otp'],
  [/^Start the authorisation$/, 'start'],
  [/^Waiting for approval in the banking app$/, 'monitor'],
  [/^Waiting for the bank$/, 'read'],
  [/^(Confirm the authorisation|Additional password|The bank asks for a step the console cannot take)$/, 'unsupported'],
];
const anyStep = new RegExp(stepHeadings.map(([pattern]) => pattern.source).join('|'));
const NO_STEP_TEXT = 'offers no SCA step';

interface Step {
  kind: StepKind;
  title: string;
}

/** The OAuth authorisation the console offers when the bank gives `_links.scaOAuth`. */
function oauthAction(panel: Locator): Locator {
  return panel
    .getByRole('button', { name: /OAuth/ })
    .or(panel.getByRole('link', { name: /OAuth/ }))
    .first();
}

async function currentStep(panel: Locator, timeout = STEP_TIMEOUT_MS): Promise<Step> {
  const heading = panel.getByRole('heading', { name: anyStep });
  const noStep = panel.getByText(NO_STEP_TEXT);
  await expect(heading.or(noStep).or(oauthAction(panel)).first(), 'the SCA panel shows a step').toBeVisible({
    timeout,
  });
  if (await oauthAction(panel).isVisible()) return { kind: 'redirect', title: 'Authorise at the bank (OAuth)' };
  if (await noStep.isVisible()) return { kind: 'none', title: 'No SCA step offered' };
  const title = (await heading.allTextContents())[0]?.trim() ?? '';
  const kind = stepHeadings.find(([pattern]) => pattern.test(title))?.[1] ?? 'unsupported';
  return { kind, title };
}

/**
 * An alert as sentences: the console's error callout (title, HTTP status, code, meaning, the bank's text,
 * X-Request-ID) in one line, without its buttons.
 */
export async function alertText(alert: Locator): Promise<string> {
  return alert.evaluate((element) => {
    const copy = element.cloneNode(true) as HTMLElement;
    for (const node of copy.querySelectorAll('button, [aria-hidden="true"]')) node.remove();
    for (const node of copy.querySelectorAll('span, code')) node.before(' ');
    const blocks = [...copy.querySelectorAll('p')].map((block) => block.textContent ?? '');
    const parts = (blocks.length > 0 ? blocks : [copy.textContent ?? ''])
      .map((part) => part.replace(/\s+/g, ' ').trim())
      .filter(Boolean);
    return parts.map((part) => (/[.!?:]$/.test(part) ? part : `${part}.`)).join(' ');
  });
}

/** The first visible alert within `scope`, as text (see alertText). */
export async function visibleAlert(scope: Page | Locator): Promise<string | undefined> {
  for (const alert of await scope.getByRole('alert').all()) {
    if (await alert.isVisible()) return alertText(alert).catch(() => undefined);
  }
  return undefined;
}

const panelAlert = visibleAlert;

/** The panel's value for a summary term ("SCA approach", "SCA status"), if shown. */
async function summaryValue(panel: Locator, term: string): Promise<string | undefined> {
  const value = panel
    .getByRole('term')
    .filter({ hasText: new RegExp(`^${term}$`) })
    .locator('xpath=following-sibling::dd[1]');
  return (await value.allTextContents())[0]?.trim() || undefined;
}

/**
 * Types a secret into a field without the value appearing in Playwright's step titles and reports: the value is set
 * the way the browser does on input, in the page, rather than through `fill`, whose title names it.
 */
export async function fillSecret(field: Locator, value: string): Promise<void> {
  await field.evaluate((element, secret) => {
    const field = element as HTMLInputElement | HTMLTextAreaElement;
    const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
    field.focus();
    // The prototype's setter, as typing would use it: React notices the change from the input event that follows.
    Reflect.set(prototype, 'value', secret, field);
    field.dispatchEvent(new Event('input', { bubbles: true }));
    field.dispatchEvent(new Event('change', { bubbles: true }));
  }, value);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function minutes(ms: number): string {
  const value = ms / 60_000;
  return value >= 1 ? `${Number(value.toFixed(1))} min` : `${Math.round(ms / 1000)} s`;
}

export class ScaDriver {
  constructor(
    private readonly page: Page,
    private readonly actor: PsuActor,
    private readonly findings: Findings,
  ) {}

  private get sandbox(): boolean {
    return this.actor.sandboxBaseUrl !== undefined;
  }

  /** Fails with a plain message when a person is needed but cannot act (headless run). */
  private needPerson(what: string): void {
    if (this.actor.headless) {
      throw new Error(
        `${what} needs a person, and this run has no visible browser. Run again with --headed (e.g. npm run check:bank -- <file> --headed)${
          what.includes('password') ? ', or name the secret’s environment variable in the check file' : ''
        }.`,
      );
    }
  }

  /**
   * Runs the SCA of `panel` (e.g. the consent page's "Authorise the consent") to its end. `what` names the resource
   * in messages ("the consent", "the payment", "the cancellation").
   */
  async authorise(panel: Locator, what: string): Promise<ScaOutcome> {
    await expect(panel, `the console offers to authorise ${what}`).toBeVisible({ timeout: STEP_TIMEOUT_MS });
    let approachNoted = false;
    for (let round = 0; round < MAX_STEPS; round += 1) {
      if (!(await panel.isVisible())) {
        // The page closes the panel once the resource moved on (e.g. a payment no longer RCVD): the SCA is over.
        this.findings.note(`The SCA of ${what} is over: the console closed its panel as the status moved on.`);
        return 'closed';
      }
      const step = await currentStep(panel);
      if (!approachNoted) {
        const approach = await summaryValue(panel, 'SCA approach');
        if (approach) {
          approachNoted = true;
          this.findings.note(
            approach === this.actor.expectedApproach
              ? `The bank chose ${approach} SCA for ${what}.`
              : `The bank chose ${approach} SCA for ${what}, not ${this.actor.expectedApproach} as the check file expects; the check follows the bank.`,
          );
        }
      }
      switch (step.kind) {
        case 'done': {
          const outcome = /failed/.test(step.title) ? 'failed' : /No SCA/.test(step.title) ? 'exempted' : 'finalised';
          this.findings.note(`SCA of ${what} ended: ${outcome}.`);
          return outcome;
        }
        case 'none':
          this.findings.note(`The bank’s answer for ${what} offers no SCA step.`);
          return 'no-step';
        case 'redirect':
          return this.atTheBank(panel, step, what);
        case 'unsupported': {
          const text = ((await panel.innerText()) || '').replace(/\s+/g, ' ').trim();
          throw new Error(`The bank asks for an SCA step the check cannot take (“${step.title}”): ${text}`);
        }
        case 'monitor':
          await this.decoupled(panel, what);
          break;
        case 'read':
          await this.readStatus(panel, step);
          break;
        default:
          await this.embeddedStep(panel, step, what);
      }
    }
    throw new Error(`The SCA of ${what} did not end within ${MAX_STEPS} steps.`);
  }

  /** Waits until the panel leaves `step` (a new step heading) or shows an error; fails with the console's words. */
  private async afterSubmit(panel: Locator, step: Step, what: string, timeout = STEP_TIMEOUT_MS): Promise<void> {
    await expect
      .poll(
        async () => {
          if (!(await panel.isVisible())) return 'closed';
          if (await panelAlert(panel)) return 'alert';
          // No call here may wait for an element: the panel can go away between two of them.
          const title = (await panel.getByRole('heading', { name: anyStep }).allTextContents())[0]?.trim() ?? '';
          if ((await panel.getByText(NO_STEP_TEXT).isVisible()) || (await oauthAction(panel).isVisible()))
            return 'moved';
          return title && title !== step.title ? 'moved' : 'waiting';
        },
        { message: `the bank answers the step “${step.title}” of ${what}`, timeout, intervals: [250, 500, 1000] },
      )
      .not.toBe('waiting');
    const alert = (await panel.isVisible()) ? await panelAlert(panel) : undefined;
    if (alert) throw new Error(`The bank refused the step “${step.title}” of ${what}: ${alert}`);
  }

  private async embeddedStep(panel: Locator, step: Step, what: string): Promise<void> {
    await test.step(`${step.title} (${what})`, async () => {
      const psuIdField = panel.getByLabel('PSU-ID', { exact: true });
      if ((step.kind === 'login' || step.kind === 'identify') && (await psuIdField.isVisible())) {
        await psuIdField.fill(this.actor.id);
      }
      let byPerson = false;
      if (step.kind === 'login') {
        const password = panel.getByLabel('Password', { exact: true });
        if (this.actor.password !== undefined) await fillSecret(password, this.actor.password);
        else {
          this.needPerson('The bank’s login (the PSU’s password)');
          byPerson = true;
          this.findings.say(
            `Type the PSU’s password in the console and press Log in (waiting up to ${minutes(this.actor.waitForUserMs)}).`,
          );
        }
        if (!byPerson) await panel.getByRole('button', { name: 'Log in', exact: true }).click();
      } else if (step.kind === 'identify') {
        await panel.getByRole('button', { name: /^(Identify|Start authorisation)$/ }).click();
      } else if (step.kind === 'start') {
        await panel.getByRole('button', { name: 'Start authorisation', exact: true }).click();
      } else if (step.kind === 'method') {
        const group = panel.getByRole('group', { name: 'SCA method' });
        const offered = await group
          .getByRole('radio')
          .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
        this.findings.note(`SCA methods offered for ${what}: ${offered.join('; ') || '(none listed)'}.`);
        const wanted = this.actor.scaMethod;
        const radio = wanted
          ? group
              .getByRole('radio', { name: new RegExp(escapeRegExp(wanted), 'i') })
              .or(group.locator(`input[type="radio"][value="${wanted.replace(/"/g, '\\"')}"]`))
              .first()
          : group.getByRole('radio').first();
        await radio.check();
        await panel.getByRole('button', { name: /^(Use this method|Start with this method)$/ }).click();
      } else if (step.kind === 'otp') {
        const otp = panel.getByLabel('One-time password', { exact: true });
        if (this.actor.otp !== undefined) {
          await fillSecret(otp, this.actor.otp);
          await panel.getByRole('button', { name: 'Authorise', exact: true }).click();
        } else {
          this.needPerson('The one-time password');
          byPerson = true;
          this.findings.say(
            `Type the one-time password in the console and press Authorise (waiting up to ${minutes(this.actor.waitForUserMs)}).`,
          );
        }
      }
      await this.afterSubmit(panel, step, what, byPerson ? this.actor.waitForUserMs : STEP_TIMEOUT_MS);
    });
  }

  private async readStatus(panel: Locator, step: Step): Promise<void> {
    await test.step('Read the SCA status (the bank offers no further step)', async () => {
      await panel
        .getByRole('button')
        .filter({ hasText: /status/i })
        .first()
        .click();
      // The bank decides when it moves on; read again a few times before giving up.
      await expect
        .poll(
          async () => {
            const now = await currentStep(panel).catch(() => step);
            if (now.title !== step.title) return 'moved';
            const button = panel
              .getByRole('button')
              .filter({ hasText: /status/i })
              .first();
            if (await button.isEnabled()) await button.click();
            return 'waiting';
          },
          { message: 'the bank ends the authorisation', timeout: 60_000, intervals: [3000] },
        )
        .toBe('moved');
    });
  }

  private async decoupled(panel: Locator, what: string): Promise<void> {
    const timeout = this.sandbox ? STEP_TIMEOUT_MS : this.actor.waitForUserMs;
    if (this.sandbox) {
      await test.step(`Approve ${what} in the sandbox’s banking app`, async () => {
        const authorisationId = await shownAuthorisationId(panel);
        const app = await this.page.context().newPage();
        try {
          await app.goto(`${this.actor.sandboxBaseUrl}/app`);
          // The app keeps its login for the browser session: log in unless an earlier SCA of this test did.
          const login = app.getByLabel('Online banking ID');
          await expect(login.or(app.getByRole('button', { name: 'Log out' })).first()).toBeVisible();
          if (await login.isVisible()) {
            await login.fill(this.actor.id);
            await fillSecret(app.getByLabel('Password'), this.actor.password ?? '');
            await app.getByRole('button', { name: 'Log in' }).click();
          }
          const request = app.getByRole('region', { name: `Request ${authorisationId}` });
          const refusal = app.getByRole('alert');
          await expect(request.or(refusal).or(app.getByText('Nothing is waiting')).first()).toBeVisible();
          if (await refusal.isVisible()) {
            throw new Error(`The banking app refused PSU “${this.actor.id}”: ${await alertText(refusal)}`);
          }
          if (!(await request.isVisible())) {
            throw new Error(`The banking app of PSU “${this.actor.id}” shows no request ${authorisationId}.`);
          }
          await request.getByRole('button', { name: 'Approve' }).click();
          await expect(app.getByRole('status')).toContainText('approved');
        } finally {
          await app.close();
        }
      });
    } else {
      this.findings.say(
        `Approve ${what} in the banking app of PSU “${this.actor.id}” (waiting up to ${minutes(timeout)}).`,
      );
    }
    await test.step(`Wait for the bank to end the decoupled SCA of ${what}`, async () => {
      const done = panel.getByRole('heading', { name: /^\W*(Authorised|No SCA needed|Authorisation failed)$/ });
      // The outcome shows in the panel, or the page closes the panel as the resource's status moves on.
      await expect
        .poll(async () => !(await panel.isVisible()) || (await done.isVisible()), {
          message: `the bank ends the decoupled SCA of ${what}`,
          timeout,
          intervals: [500, 1000, 2000],
        })
        .toBe(true);
    });
  }

  /** The bank's own pages: redirect (scaRedirect) or OAuth (scaOAuth). The console comes back to the resource. */
  private async atTheBank(panel: Locator, step: Step, what: string): Promise<ScaOutcome> {
    const page = this.page;
    const consoleUrl = new URL(page.url());
    const resourcePath = consoleUrl.pathname;
    const oauth = step.title.includes('OAuth');
    const backAtConsole = (url: URL) =>
      url.origin === consoleUrl.origin && url.pathname === resourcePath && (oauth || url.searchParams.has('sca'));
    return test.step(`${oauth ? 'OAuth authorisation' : 'Redirect'} at the bank (${what})`, async () => {
      if (!this.sandbox) this.needPerson(`Authorising ${what} on the bank’s pages`);
      if (oauth) await oauthAction(panel).click();
      else await panel.getByRole('link', { name: /Continue at the bank/ }).click();
      await page.waitForURL((url) => url.origin !== consoleUrl.origin || url.pathname !== resourcePath);
      let timeout = this.actor.waitForUserMs;
      if (this.sandbox) {
        timeout = STEP_TIMEOUT_MS;
        await this.sandboxBankPage(oauth, what);
      } else {
        this.findings.say(
          `Authorise ${what} as PSU “${this.actor.id}” on the bank’s page in the browser window (waiting up to ${minutes(timeout)}).`,
        );
      }
      try {
        await page.waitForURL(backAtConsole, { timeout });
      } catch {
        const alert = await page
          .getByRole('alert')
          .first()
          .innerText({ timeout: 1000 })
          .catch(() => '');
        throw new Error(
          `The browser did not come back from the bank to the console within ${minutes(timeout)} (now at ${new URL(page.url()).origin}${new URL(page.url()).pathname})${alert ? `; the page says: ${alert.trim()}` : ''}.`,
        );
      }
      const sca = new URL(page.url()).searchParams.get('sca');
      this.findings.note(
        `Back from the bank’s ${oauth ? 'OAuth' : 'redirect'} page for ${what}${sca ? ` (sca=${sca})` : ''}.`,
      );
      return sca === 'nok' ? 'returned-nok' : 'returned';
    });
  }

  /** The embedded sandbox's redirect or OAuth page: log in as the PSU and approve. */
  private async sandboxBankPage(oauth: boolean, what: string): Promise<void> {
    const page = this.page;
    const bankPages = this.actor.sandboxBaseUrl ?? '';
    const alert = page.getByRole('alert');
    const refused = async (where: string) => {
      if (!page.url().startsWith(bankPages) || !(await alert.isVisible())) return;
      throw new Error(
        `The sandbox’s ${where} refused PSU “${this.actor.id}” for ${what}: ${(await alert.innerText()).trim()}`,
      );
    };
    /** Submits and waits until the browser leaves the bank's page or the page shows why it stays. */
    const submit = async (button: string, where: string) => {
      await page.getByRole('button', { name: button }).click();
      await expect
        .poll(async () => !page.url().startsWith(bankPages) || (await alert.isVisible()), {
          message: `the sandbox’s ${where} answers`,
        })
        .toBe(true);
      await refused(where);
    };
    await page.getByLabel('Online banking ID').fill(this.actor.id);
    await fillSecret(page.getByLabel('Password'), this.actor.password ?? '');
    if (oauth) {
      await submit('Approve', 'OAuth page');
      return;
    }
    await page.getByRole('button', { name: 'Log in' }).click();
    const otp = page.getByLabel('One-time password');
    await expect(otp.or(alert).first()).toBeVisible();
    await refused('login page');
    if (this.actor.scaMethod) {
      const methods = page.getByLabel('Authentication method');
      const values = await methods
        .locator('option')
        .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
      if (values.includes(this.actor.scaMethod)) await methods.selectOption(this.actor.scaMethod);
    }
    await fillSecret(otp, this.actor.otp ?? '');
    await submit('Approve', 'approval page');
  }
}
