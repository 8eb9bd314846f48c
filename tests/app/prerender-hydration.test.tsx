import { act } from '@testing-library/react';
import { StrictMode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import brands from '../../config/brands.json';
import { App } from '../../src/app/app.tsx';
import { startHydrating } from '../../src/shared/hydration.ts';
import {
  renderEarlyBilling,
  renderEarlyForm,
  renderEarlyNote,
  renderEarlySummary,
  renderShells,
  type RouteShell,
} from '../../src/app/render-shell.tsx';
import type { QuestionPage } from '../../src/contract/api-types.ts';
import { withEarlyForm, withEarlyPart } from '../../src/server/early-forms.ts';
import { captureEarlyParts } from '../../src/shared/layout/early-part.tsx';
import {
  EARLY_BILLING_FORM,
  EARLY_FORM_SLOT,
  EARLY_NOTE_SLOT,
  EARLY_SUMMARY_SLOT,
} from '../../src/contract/early-form.ts';
import { captureEarlyForm } from '../../src/shared/questions/early-form.tsx';
import { selectBrand } from '../../src/contract/brand.ts';
import type { BrandsFile } from '../../src/engine/config-types.ts';
import { CSP_NONCE_PLACEHOLDER } from '../../src/contract/csp-nonce.ts';

/**
 * Each route's page as the build writes it, taken over by React in the browser: React's
 * development build names every difference between the HTML and what the app renders (a
 * text, an attribute, an element) as a console error, so none may be logged.
 */
const shells = renderShells();

/** A real address for a route's path: each parameter a plausible value. */
function addressOf(route: string): string {
  if (route === '*') return '/no-such-page';
  return route
    .split('/')
    .filter((segment) => !segment.endsWith('?'))
    .map((segment) => (segment.startsWith(':') ? 'shrt' : segment))
    .join('/');
}

let root: Root | null = null;

/** Hydrates the app in `element` as src/main.tsx does, React's recoverable errors logged as errors. */
async function hydrate(element: HTMLElement, selected: ReturnType<typeof selectBrand>) {
  startHydrating();
  await act(async () => {
    root = hydrateRoot(
      element,
      <StrictMode>
        <App selected={selected} getStyleNonce={() => CSP_NONCE_PLACEHOLDER} />
      </StrictMode>,
      {
        onRecoverableError: (error) => {
          console.error('Hydration failed and recovered:', error);
        },
      },
    );
    await Promise.resolve();
  });
}

/** The page as the server sent it, at its address, in the document as `#root`. */
function pageAt(address: string, html: string): HTMLElement {
  window.history.replaceState(null, '', address);
  const element = document.createElement('div');
  element.id = 'root';
  element.innerHTML = html;
  document.body.append(element);
  return element;
}

/** Hydrates the page, then lets the route's screen code arrive and render (its calls wait). */
async function hydrateWithScreen(
  element: HTMLElement,
  selected: ReturnType<typeof selectBrand>,
  screen: () => Promise<unknown>,
): Promise<void> {
  await hydrate(element, selected);
  await act(async () => {
    await screen();
  });
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
}

/** What React said about hydration among the errors logged: each difference it found. */
function hydrationErrors(calls: readonly unknown[][]): string[] {
  const logged = calls.map((call) => call.map(String).join(' ').slice(0, 1500));
  return logged.filter((text) => /hydrat|server rendered|did ?n[o']t match/i.test(text));
}
beforeEach(() => {
  // The screen's own calls wait: hydration is over before any answer could come.
  vi.stubGlobal('fetch', () => new Promise<Response>(() => undefined));
});
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

test('the build writes a page for every route of each brand, and for the not-found page', () => {
  const count = (site: string) => shells.filter((shell) => shell.site === site).length;
  expect(count('male')).toBeGreaterThan(15);
  expect(count('female')).toBeGreaterThan(15);
  expect(shells.filter((shell) => shell.route === '*')).toHaveLength(2);
});

test.each(shells.map((shell): [string, RouteShell] => [`${shell.site} ${shell.route}`, shell]))(
  '%s: React takes the page over without a single difference',
  async (_name, shell) => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const element = pageAt(addressOf(shell.route), shell.html);
    const selected = selectBrand(brands as BrandsFile, { environment: shell.site, hostname: 'localhost' });

    await hydrate(element, selected);

    // Only React's words on hydration: the calls a previous page left unanswered may still be
    // cancelled (and logged) meanwhile.
    expect(hydrationErrors(errors.mock.calls)).toEqual([]);
    // The page's heading is the route's own, in the brand's layout.
    expect(element.querySelector('header img')?.getAttribute('alt') ?? null).toBe(
      shell.html.includes('<header') ? selected.brand.brandName : null,
    );
    errors.mockRestore();
  },
);

/**
 * Issue 28: the assessment as the server sends it, with its first page of questions in the
 * shell (src/server/early-forms.ts), and a patient who answered before the app arrived. React
 * takes the page over without a difference and leaves the form's fields to the page, with
 * what was typed and chosen in them. (Last in the file: the page's early form is the
 * app's to remember once taken note of.)
 */
test('the assessment sent with its first page: React takes it over as it is, with what the patient typed', async () => {
  const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const shell = shells.find(
    (candidate) => candidate.site === 'male' && candidate.route === '/hormone-assessment/:pathCode',
  );
  if (shell === undefined) throw new Error('The build has no page for the men’s assessment');
  const early = renderEarlyForm('male', { formId: 'MIP', pageCount: 4 }, FIRST_PAGE);
  // Nothing of a patient can be in it, and no style attribute the page's policy would refuse.
  expect(early.html).not.toMatch(/\sstyle="/);
  expect(early.html).toContain('<form method="dialog"');
  const element = pageAt('/hormone-assessment/shrt', withEarlyForm(shell.html, 'MIP:1', early));
  const date = element.querySelector<HTMLInputElement>('[data-early-form] input');
  const state = element.querySelector<HTMLSelectElement>('[data-early-form] select');
  if (date === null || state === null) throw new Error('The early form has no date field or no state');
  expect(element.querySelector('[role="status"][aria-label="Loading"]')).toBeNull();
  // Typed before any script ran.
  date.value = '04/27/1980';
  state.value = 'TX';

  captureEarlyForm(element);
  await hydrate(element, selectBrand(brands as BrandsFile, { environment: 'male', hostname: 'localhost' }));

  expect(hydrationErrors(errors.mock.calls)).toEqual([]);
  // React left what is in the slot to the page (src/shared/questions/early-form.tsx moves those
  // nodes on, and e2e/early-form.spec.ts follows them into the screen): it never made the
  // fields its own, so it could not reset what the patient typed.
  const isReacts = (node: Element) => Object.keys(node).some((key) => key.startsWith('__reactFiber'));
  expect(isReacts(date)).toBe(false);
  expect(isReacts(state)).toBe(false);
  expect(date.value).toBe('04/27/1980');
  expect(state.value).toBe('TX');
  errors.mockRestore();
});

/**
 * Issue 28: a payment page as the server sends it, with the order summary of the product it
 * sells and the billing form under it in the shell. React takes it over without a difference;
 * the summary is on the page, with its price, before the product's own fetch has answered,
 * and the form keeps what the patient typed in it.
 */
test('the payment page sent with its order summary and billing form: React takes it over as it is', async () => {
  const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const shell = shells.find((candidate) => candidate.site === 'female' && candidate.route === '/f/payment/:pathCode');
  if (shell === undefined) throw new Error('The build has no page for the women’s payment');
  const early = renderEarlySummary('female', { id: '0', category: 'fhrt' }, PRODUCT);
  expect(early.html).not.toMatch(/\sstyle="/);
  expect(early.html).toContain('data-early-summary-of="0|fhrt"');
  const billing = renderEarlyBilling('female', { id: '0', category: 'fhrt' }, PRODUCT);
  expect(billing.html).not.toMatch(/\sstyle="/);
  expect(billing.html).toContain('<form method="dialog" data-early-page="billing"');
  expect(billing.html).toContain('data-early-pending="Processing…"');
  expect(billing.html).toContain('Pay $79');
  // fbhrt pays first: its payment is due nothing, so the screen renders before the journey
  // answers (a payment after the assessment waits for the journey to say it is done: issue 37).
  const element = pageAt(
    '/f/payment/fbhrt',
    withEarlyPart(
      withEarlyPart(shell.html, EARLY_SUMMARY_SLOT, '', early),
      EARLY_FORM_SLOT,
      EARLY_BILLING_FORM,
      billing,
    ),
  );
  const card = element.querySelector<HTMLInputElement>('[data-early-form] input[autocomplete="cc-number"]');
  if (card === null) throw new Error('The early billing form has no card number');
  expect(element.querySelector('[role="status"][aria-label="Loading"]')).toBeNull();
  // Typed before any script ran.
  card.value = '4242 4242';

  // The product's fetch is sent (against the page's address, as in a browser) and waits, so the
  // screen, once its code is in, shows its loading state: the summary must still be there.
  const NodeRequest = globalThis.Request;
  vi.stubGlobal(
    'Request',
    class extends NodeRequest {
      constructor(input: RequestInfo | URL, init?: RequestInit) {
        super(typeof input === 'string' ? new URL(input, window.location.href) : input, init);
      }
    },
  );
  captureEarlyParts(element);
  captureEarlyForm(element);
  await hydrateWithScreen(
    element,
    selectBrand(brands as BrandsFile, { environment: 'female', hostname: 'femme.localhost' }),
    () => import('../../src/features/payment/payment-screen.tsx'),
  );

  expect(hydrationErrors(errors.mock.calls)).toEqual([]);
  // The payment screen itself is on the page, waiting for the product, with the summary sent.
  expect(element.querySelector('main h1')?.className).toContain('mantine-Title-root');
  const summary = element.querySelector('[data-early-summary] section');
  expect(summary?.textContent).toContain('Women’s consultation');
  expect(summary?.textContent).toContain('Total$79');
  // The billing form under it is the page's, with what was typed: the screen takes it once it renders its own.
  const cardNow = element.querySelector<HTMLInputElement>('[data-early-form] input[autocomplete="cc-number"]');
  expect(cardNow?.value).toBe('4242 4242');
  expect(Object.keys(cardNow ?? {}).some((key) => key.startsWith('__reactFiber'))).toBe(false);
  errors.mockRestore();
});

/**
 * Issue 28: results as the server sends them to a visitor with no answers, with the note that
 * there are none yet. React takes the page over without a difference, and the results screen
 * says the same. Here the journey's call gets no answer, so the screen draws its own note at
 * once: that the sent note stays while the journey is checked, and does not move, is
 * e2e/early-note.spec.ts's (the app held back on a real server).
 */
test('results sent with the note that there are no answers: React takes it over, and the screen says the same', async () => {
  const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const shell = shells.find((candidate) => candidate.site === 'male' && candidate.route === '/results/:pathCode');
  if (shell === undefined) throw new Error('The build has no page for the men’s results');
  const note = renderEarlyNote('male', '/results/shrt', 'shrt');
  if (note === null) throw new Error('No note for the men’s results');
  expect(note.html).not.toMatch(/\sstyle="/);
  expect(note.html).toContain('href="/hormone-assessment/shrt"');
  expect(renderEarlyNote('male', '/payment/shrt', 'shrt')).toBeNull();
  const element = pageAt('/results/shrt', withEarlyPart(shell.html, EARLY_NOTE_SLOT, '', note));
  expect(element.querySelector('[role="status"][aria-label="Loading"]')).toBeNull();

  captureEarlyParts(element);
  await hydrateWithScreen(
    element,
    selectBrand(brands as BrandsFile, { environment: 'male', hostname: 'localhost' }),
    () => import('../../src/features/results/results-screen.tsx'),
  );

  expect(hydrationErrors(errors.mock.calls)).toEqual([]);
  // The results screen itself is on the page (its heading is Mantine's), saying what the note
  // said: the sent note while it checks the journey, its own once it knows there are no answers.
  expect(element.querySelector('main h1')?.className).toContain('mantine-Title-root');
  expect(element.querySelector('main [data-early-note-of="no-answers"]')?.textContent).toBe(
    "We don't have your assessment answers yet. It takes about 5 minutes.",
  );
  expect(element.querySelector('[role="status"][aria-label="Loading"]')).toBeNull();
  errors.mockRestore();
});

const PRODUCT = {
  externalId: '0',
  category: 'fhrt' as const,
  type: 'product' as const,
  name: 'Women’s consultation',
  packageIncludes: ['Clinician consultation'],
  price: '$79',
  shipping: '$0.00',
  total: '$79',
};

const FIRST_PAGE: QuestionPage = {
  id: '1',
  formId: 'MIP',
  title: 'About you',
  questions: [
    { id: 'q-birthdate', ref: 'birthdate', type: 'date', label: 'What is your date of birth?', required: true },
    { id: 'q-state', ref: 'state', type: 'us-state', label: 'Which state do you live in?', required: true },
    { id: 'q-weight', ref: 'weight', type: 'number', label: 'What is your weight in pounds?', required: true },
  ],
};
