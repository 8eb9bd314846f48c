import { expect, type Page } from '@playwright/test';

/** A made-up patient; every value is distinctive so a test can look for it anywhere. */
export interface Patient {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  /** MM/DD/YYYY */
  birthdate: string;
  /** Two-letter code */
  state: string;
  weight: string;
  medications: string;
  address: { line1: string; city: string; zip: string };
}

let counter = 0;

/** A new patient with an email no other test uses, so the database rows are theirs alone. */
export function newPatient(tag: string, overrides: Partial<Patient> = {}): Patient {
  counter += 1;
  const unique = `${tag}-${String(Date.now())}-${String(counter)}-${String(Math.floor(Math.random() * 1e6))}`;
  return {
    firstName: 'Quillon',
    lastName: `Marrowby ${tag}`,
    email: `e2e.${unique}@example.com`,
    phone: '2125550187',
    birthdate: '04/27/1980',
    state: 'TX',
    weight: '182',
    medications: 'Zephyrine canary 5mg',
    address: { line1: '12 Juniper Lane', city: 'Austin', zip: '78701' },
    ...overrides,
  };
}

/** The page's main heading. */
export function heading(page: Page) {
  return page.getByRole('heading', { level: 1 });
}

/** Reloads the page and checks the patient is where they were. */
export async function reloadKeepsPlace(page: Page, check: () => Promise<void>): Promise<void> {
  const url = page.url();
  await page.reload();
  await expect(page).toHaveURL(url);
  await check();
}

async function next(page: Page, name: string | RegExp = 'Next') {
  await page.getByRole('button', { name }).click();
}

/**
 * Answers the hormone assessment (MIP pages 1-4, or the quiz order 2, 1, 4), reloading on a
 * page midway to prove the answers stay, and submits it.
 */
export async function takeAssessment(page: Page, patient: Patient, options: { reloadCheck?: boolean } = {}) {
  const pagesSeen = new Set<string>();
  for (let guard = 0; guard < 6; guard += 1) {
    const title = await page.getByRole('heading', { level: 2 }).first().textContent();
    if (title === null || pagesSeen.has(title))
      throw new Error(`The assessment repeated or lost its page: ${String(title)}`);
    pagesSeen.add(title);
    switch (title) {
      case 'About you': {
        await page.getByLabel('What is your date of birth?').fill(patient.birthdate);
        await page.getByLabel('Which state do you live in?').selectOption(patient.state);
        await page.getByLabel('What is your weight in pounds?').fill(patient.weight);
        if (options.reloadCheck === true) {
          // Typed answers are saved a moment after typing; the reload must find them.
          await page.waitForTimeout(900);
          await reloadKeepsPlace(page, async () => {
            await expect(page.getByLabel('What is your date of birth?')).toHaveValue(patient.birthdate);
            await expect(page.getByLabel('What is your weight in pounds?')).toHaveValue(patient.weight);
          });
        }
        await next(page);
        break;
      }
      case 'Your symptoms':
        await page.getByRole('radio', { name: 'Low' }).check();
        await page.getByRole('checkbox', { name: 'Tiredness or fatigue' }).check();
        await page.getByRole('checkbox', { name: 'Poor sleep' }).check();
        await page.getByRole('radio', { name: 'More than a year' }).check();
        await next(page);
        break;
      case 'Your health':
        await page
          .getByRole('radiogroup', { name: /hormone-sensitive cancer/ })
          .getByRole('radio', { name: 'No' })
          .check();
        await page
          .getByRole('radiogroup', { name: /blood clot/ })
          .getByRole('radio', { name: 'No' })
          .check();
        await page.getByLabel(/List any medications/).fill(patient.medications);
        await next(page);
        break;
      case 'Where should we send your results?':
        await page.getByRole('textbox', { name: 'First name', exact: true }).fill(patient.firstName);
        await page.getByRole('textbox', { name: 'Last name', exact: true }).fill(patient.lastName);
        await page.getByRole('textbox', { name: 'Email', exact: true }).fill(patient.email);
        await page.getByLabel('Mobile phone').fill(patient.phone);
        await page.getByRole('checkbox', { name: /I agree to be contacted/ }).check();
        await next(page, 'Finish the assessment');
        return;
      default:
        throw new Error(`An assessment page this test does not know: ${title}`);
    }
  }
}
