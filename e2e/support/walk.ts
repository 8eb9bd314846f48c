import { expect, type Page } from '@playwright/test';
import type { ScreenName } from '../../src/engine/config-types.ts';
import { stepUrl, type FunnelPlan } from '../../src/engine/funnel-plan.ts';
import {
  answerRefill,
  book,
  completeIntake,
  continueAfterPaying,
  pay,
  takeAssessment,
  type Patient,
} from './patient.ts';

/**
 * A funnel walked step by step as a patient would, whatever the funnel: each step's main work
 * is chosen by the screen it shows (config/routes.json `screen`), so a new campaign code or
 * funnel needs nothing here. The staff page's demo patients are made this way
 * (scripts/demo-patient.ts), and e2e/staff-page.spec.ts follows its links.
 */

/** Screens that end a funnel: there is nothing to press on them to move on. */
const LAST_SCREENS: readonly ScreenName[] = ['finish', 'thank-you'];

/** How long one step may take in the dev server, which compiles each screen's code on first use. */
const STEP_MS = 60_000;

/** A button whose name starts with Continue, the main action of a screen that has done its work. */
function continueButton(page: Page) {
  return page.getByRole('main').getByRole('button', { name: /^Continue/ });
}

/** Presses Continue when the screen shows one after its work (a receipt, a booked consult). */
async function continueIfAsked(page: Page, here: string): Promise<void> {
  const left = () => page.url() !== here;
  const button = continueButton(page).first();
  // Either the screen moves on by itself or its Continue appears; which one comes first is not known.
  await expect
    .poll(async () => left() || (await button.isVisible()), {
      message: 'the step moves on or asks for Continue',
      timeout: STEP_MS,
    })
    .toBe(true);
  // A screen that shows Continue waits for it (a receipt, a booked consult): none both shows one
  // and moves on by itself, so the press cannot land on the next page's Continue.
  if (!left()) await button.click();
}

/** Chooses the first microclinic near the demo patient's ZIP code and continues. */
async function chooseMicroclinic(page: Page, patient: Patient): Promise<void> {
  await page.getByRole('button', { name: 'Enter my city or ZIP code' }).click();
  await page.getByRole('textbox', { name: 'City or ZIP code' }).fill(patient.address.zip);
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('radiogroup').getByRole('radio').first().check();
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
}

/** Does the main work of the step on `screen` (at the URL `here`) for `patient`; the caller waits for the next step. */
export async function doStep(page: Page, screen: ScreenName, patient: Patient, here: string): Promise<void> {
  switch (screen) {
    case 'hormone-assessment':
      await takeAssessment(page, patient);
      return;
    case 'results': {
      // Its Continue names what comes next ("Continue to checkout"). Results that start a funnel
      // (the quiz's) first send the patient to the assessment, which comes back here.
      const onward = continueButton(page).first();
      const assessment = page.getByRole('main').getByRole('link', { name: 'Take the assessment' });
      await expect(onward.or(assessment)).toBeVisible({ timeout: STEP_MS });
      if (await assessment.isVisible()) {
        await assessment.click();
        await takeAssessment(page, patient);
        await expect(onward).toBeVisible({ timeout: STEP_MS });
      }
      await onward.click();
      return;
    }
    case 'about-consult':
      await page.getByRole('button', { name: 'Choose my consult time' }).click();
      return;
    case 'payment':
      await pay(page, patient);
      await continueAfterPaying(page);
      return;
    case 'checkout':
      await pay(page, patient);
      await expect(page.getByText('Your payment is complete')).toBeVisible({ timeout: 15_000 });
      await continueIfAsked(page, here);
      return;
    case 'intake':
      await completeIntake(page, patient);
      return;
    case 'scheduling':
      // The days come from the scheduling service after the screen's code: in the dev server,
      // on a busy machine, that has taken over the 10 s the booking helper gives a shown screen.
      await expect(page.getByRole('radiogroup', { name: 'Choose a day' }).getByRole('radio').first()).toBeVisible({
        timeout: STEP_MS,
      });
      await book(page);
      await continueIfAsked(page, here);
      return;
    case 'microclinic-finish':
      await chooseMicroclinic(page, patient);
      return;
    case 'continuous-form':
      await answerRefill(page, { effectiveness: 'Very well', send: /^(Continue|Send|Submit|Next)/ });
      return;
    default:
      throw new Error(`The demo walk does not know how to finish the "${screen}" screen`);
  }
}

/** What the walk tells as it goes: the step it is on, from 1. */
export type WalkProgress = (step: number, url: string) => void;

/**
 * Opens the plan's first step at `origin` and walks it as `patient` until step `index` (from 0)
 * is on screen, checking each step lands where the plan says. Throws, naming the step, when
 * one does not.
 */
export async function walkTo(
  page: Page,
  options: { origin: string; plan: FunnelPlan; index: number; patient: Patient; onStep?: WalkProgress },
): Promise<void> {
  const { origin, plan, index, patient } = options;
  if (index < 0 || index >= plan.steps.length) throw new Error(`Step ${String(index + 1)} is not a step of the plan`);
  await page.goto(`${origin}${stepUrl(plan, 0)}`);
  for (let step = 0; step < index; step += 1) {
    const here = `${origin}${stepUrl(plan, step)}`;
    const next = `${origin}${stepUrl(plan, step + 1)}`;
    const screen = plan.pages[step]?.route.screen;
    if (screen === undefined || LAST_SCREENS.includes(screen))
      throw new Error(`Step ${String(step + 1)} ends the funnel`);
    options.onStep?.(step + 1, stepUrl(plan, step));
    try {
      await expect(page).toHaveURL(here, { timeout: STEP_MS });
      await doStep(page, screen, patient, here);
      await expect(page).toHaveURL(next, { timeout: STEP_MS });
    } catch (error) {
      const why = error instanceof Error ? error.message.split('\n')[0] : String(error);
      throw new Error(
        `Step ${String(step + 1)} (${stepUrl(plan, step)}, the ${screen} screen) did not lead on: ${why ?? ''}`,
        { cause: error },
      );
    }
  }
}
