import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { delay, http, HttpResponse } from 'msw';
import { useState } from 'react';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { BillingForm } from '../../../src/shared/billing/billing-form.tsx';
import { PLACES_UNAVAILABLE_HINT } from '../../../src/shared/billing/address-autocomplete.tsx';
import {
  initialBillingValues,
  type BillingField,
  type BillingValues,
} from '../../../src/shared/billing/billing-values.ts';
import { analyticsSettled } from '../../../src/shared/services/analytics.ts';
import { server, TEST_API_BASE, useApiServer } from '../../api/msw.ts';
import { deployWith, undeploy } from '../../support/page-services.ts';
import { renderWithProviders } from '../../support/render.tsx';

useApiServer();

// Typing into a whole Mantine form in jsdom takes seconds.
vi.setConfig({ testTimeout: 20_000 });

/** A street the patient types, which must never leave in a URL. */
const TYPED = '200 Cong';

interface Call {
  url: string;
  body: unknown;
}

/** The local server's places calls, answered as the demo places table would. */
function useLocalPlaces(options: { failWith?: number; slowMs?: number } = {}): Call[] {
  const calls: Call[] = [];
  server.use(
    http.post(`${TEST_API_BASE}/places/suggest`, async ({ request }) => {
      calls.push({ url: request.url, body: await request.json() });
      if (options.slowMs !== undefined) await delay(options.slowMs);
      if (options.failWith !== undefined)
        return HttpResponse.json({ status: options.failWith, message: 'Unavailable' }, { status: options.failWith });
      return HttpResponse.json({
        data: {
          suggestions: [
            { placeId: 'pl_austin_congress', text: '200 Congress Ave, Austin, TX 78701' },
            { placeId: 'pl_austin_capitol', text: '1100 Congress Ave, Austin, TX 78701' },
          ],
        },
      });
    }),
    http.get(`${TEST_API_BASE}/places/:placeId`, ({ request, params }) => {
      calls.push({ url: request.url, body: null });
      if (params.placeId !== 'pl_austin_congress') return HttpResponse.json({ status: 404 }, { status: 404 });
      return HttpResponse.json({
        data: {
          address: { line1: '200 Congress Ave', city: 'Austin', state: 'TX', zip: '78701' },
          location: { lat: 30.2649, lng: -97.7445 },
        },
      });
    }),
  );
  return calls;
}

/**
 * The billing form as the payment screen holds it: each onChange builds the new values from
 * the last render's, so the form must fill a chosen address one field at a time.
 */
function Billing() {
  const [values, setValues] = useState<BillingValues>(initialBillingValues({}, {}));
  const change = (field: BillingField, value: string) => {
    setValues({ ...values, [field]: value });
  };
  return (
    <BillingForm
      values={values}
      onChange={change}
      errors={{}}
      onErrors={() => undefined}
      onSubmit={() => undefined}
      declineReason={null}
      formProblem={null}
      submitLabel="Pay $99"
    />
  );
}

/** The fallbacks reported to the tag manager's data layer, once the events are in it. */
async function fallbacks(): Promise<unknown[]> {
  await analyticsSettled();
  const layer = (window as unknown as { dataLayer?: { event: string; outcome: string | null }[] }).dataLayer ?? [];
  return layer.filter((entry) => entry.event === 'service_fallback');
}

beforeEach(() => {
  (window as unknown as { dataLayer?: unknown[] }).dataLayer = [];
});

afterEach(() => {
  undeploy();
});

test('the street address suggests addresses as the patient types, and choosing one fills the address', async () => {
  const user = userEvent.setup();
  const calls = useLocalPlaces();
  renderWithProviders(<Billing />);

  const street = screen.getByRole('combobox', { name: /Street address/ });
  await user.type(street, TYPED);
  const list = await screen.findByRole('listbox', { name: /Street address/ });
  const options = await within(list).findAllByRole('option');
  expect(options.map((option) => option.textContent)).toEqual([
    '200 Congress Ave, Austin, TX 78701',
    '1100 Congress Ave, Austin, TX 78701',
  ]);
  // One call for the pause after typing, not one per key; the text in its body only.
  expect(calls).toHaveLength(1);
  expect(calls[0]?.body).toEqual({ text: TYPED });
  expect(calls[0]?.url).not.toContain('Cong');

  await user.keyboard('{ArrowDown}{Enter}');
  await waitFor(() => {
    expect(street).toHaveValue('200 Congress Ave');
  });
  // Filled one field per render, which jsdom takes its time over.
  await waitFor(
    () => {
      expect(screen.getByRole('textbox', { name: /ZIP code/ })).toHaveValue('78701');
    },
    { timeout: 5000 },
  );
  expect(street).toHaveValue('200 Congress Ave');
  expect(screen.getByRole('textbox', { name: /City/ })).toHaveValue('Austin');
  expect(screen.getByRole('combobox', { name: /State/ })).toHaveValue('TX');
  expect(calls[1]?.url).toBe(`${TEST_API_BASE}/places/pl_austin_congress`);
  expect(await fallbacks()).toEqual([]);
});

test('fewer than three characters ask nothing, and the patient can type the whole address by hand', async () => {
  const user = userEvent.setup();
  const calls = useLocalPlaces();
  renderWithProviders(<Billing />);
  const street = screen.getByRole('combobox', { name: /Street address/ });
  await user.type(street, '12');
  await new Promise((resolve) => setTimeout(resolve, 400));
  expect(calls).toEqual([]);
  await user.type(street, ' Elm Street');
  await user.type(screen.getByRole('textbox', { name: /City/ }), 'Springfield');
  expect(street).toHaveValue('12 Elm Street');
  expect(screen.getByRole('textbox', { name: /City/ })).toHaveValue('Springfield');
});

test('a failing service leaves a plain text field with a one-line hint, reported once', async () => {
  const user = userEvent.setup();
  const calls = useLocalPlaces({ failWith: 503 });
  renderWithProviders(<Billing />);
  const street = screen.getByRole('combobox', { name: /Street address/ });
  await user.type(street, TYPED);
  expect(await screen.findByText(PLACES_UNAVAILABLE_HINT)).toBeInTheDocument();
  expect(street).toHaveAccessibleDescription(PLACES_UNAVAILABLE_HINT);
  expect(street).toHaveFocus();

  await user.type(street, ' Ave');
  await new Promise((resolve) => setTimeout(resolve, 400));
  expect(street).toHaveValue(`${TYPED} Ave`);
  expect(screen.queryAllByRole('option', { name: /Congress/ })).toEqual([]);
  // No more calls once the service has failed, and the fallback is reported once.
  expect(calls).toHaveLength(1);
  expect(await fallbacks()).toEqual([expect.objectContaining({ event: 'service_fallback', outcome: 'places' })]);
  expect(JSON.stringify((window as unknown as { dataLayer: unknown }).dataLayer)).not.toContain('Cong');
});

test('a slow service gives up after 4 s and the patient goes on typing', async () => {
  const user = userEvent.setup();
  useLocalPlaces({ slowMs: 10_000 });
  renderWithProviders(<Billing />);
  const street = screen.getByRole('combobox', { name: /Street address/ });
  await user.type(street, TYPED);
  expect(await screen.findByText(PLACES_UNAVAILABLE_HINT, {}, { timeout: 6000 })).toBeInTheDocument();
  await user.type(street, ' Ave');
  expect(street).toHaveValue(`${TYPED} Ave`);
});

test('with the addressAutocomplete flag off the street address is a plain text field', async () => {
  deployWith({ flags: { provider: 'local', overrides: { addressAutocomplete: false } } });
  const user = userEvent.setup();
  const calls = useLocalPlaces();
  renderWithProviders(<Billing />);
  expect(screen.queryByRole('combobox', { name: /Street address/ })).not.toBeInTheDocument();
  const street = screen.getByRole('textbox', { name: /Street address/ });
  await user.type(street, TYPED);
  await new Promise((resolve) => setTimeout(resolve, 400));
  expect(street).toHaveValue(TYPED);
  expect(calls).toEqual([]);
  expect(screen.queryByText(PLACES_UNAVAILABLE_HINT)).not.toBeInTheDocument();
});

test('axe finds no serious problem with suggestions open, nor with the hint shown', async () => {
  const user = userEvent.setup();
  useLocalPlaces();
  renderWithProviders(<Billing />);
  const street = screen.getByRole('combobox', { name: /Street address/ });
  await user.type(street, TYPED);
  await screen.findAllByRole('option', { name: /Congress Ave/ });
  expect(street).toHaveAttribute('aria-expanded', 'true');
  const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  expect(
    results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical'),
  ).toEqual([]);
});

test('Escape closes the suggestions with the text kept, and a tap on one chooses it', async () => {
  const user = userEvent.setup();
  const calls = useLocalPlaces();
  renderWithProviders(<Billing />);
  const street = screen.getByRole('combobox', { name: /Street address/ });
  await user.type(street, TYPED);
  await screen.findByRole('listbox', { name: /Street address/ });

  await user.keyboard('{Escape}');
  expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  expect(street).toHaveAttribute('aria-expanded', 'false');
  expect(street).toHaveValue(TYPED);

  // The arrow opens the list again, on its first option; the arrows move and wrap round.
  await user.keyboard('{ArrowDown}');
  const [first, second] = screen.getAllByRole('option');
  expect(street).toHaveAttribute('aria-activedescendant', first?.id);
  await user.keyboard('{ArrowDown}');
  expect(street).toHaveAttribute('aria-activedescendant', second?.id);
  expect(second).toHaveAttribute('aria-selected', 'true');
  await user.keyboard('{ArrowDown}');
  expect(street).toHaveAttribute('aria-activedescendant', first?.id);

  await user.click(screen.getByRole('option', { name: '200 Congress Ave, Austin, TX 78701' }));
  expect(street).toHaveFocus();
  await waitFor(() => {
    expect(screen.getByRole('textbox', { name: /City/ })).toHaveValue('Austin');
  });
  expect(street).toHaveValue('200 Congress Ave');
  expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  expect(calls.map((call) => call.url)).toContain(`${TEST_API_BASE}/places/pl_austin_congress`);
});
