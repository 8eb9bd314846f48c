import axe from 'axe-core';
import { screen } from '@testing-library/react';
import { expect, test } from 'vitest';
import type { RouteConfig } from '../../../src/engine/config-types.ts';
import ContinuousConfirmationScreen from '../../../src/features/continuing-care/continuous-confirmation-screen.tsx';
import { loadConfig, must } from '../../support/config.ts';
import { renderWithProviders } from '../../support/render.tsx';

const ROUTE: RouteConfig = must(
  loadConfig().routes.routes.find((route) => route.path === '/f/conf/:pathCode/:finishType'),
);

function renderConfirmation(finishType: string) {
  renderWithProviders(
    <ContinuousConfirmationScreen route={ROUTE} params={{ pathCode: 'fchrt', finishType }} code="fchrt" step={null} />,
    { brand: 'female', path: `/f/conf/fchrt/${finishType}` },
  );
}

test('a refill confirmation says what happens next and how to reach us', () => {
  renderConfirmation('refill');

  expect(screen.getByRole('heading', { level: 1, name: 'Confirmation' })).toBeVisible();
  expect(screen.getByRole('heading', { level: 2, name: 'Your refill request is in' })).toBeVisible();
  expect(screen.getAllByRole('listitem')).toHaveLength(3);
  expect(screen.getByText(/Your provider reviews your answers/)).toBeVisible();
  expect(screen.getByRole('link', { name: '(888) 555-0187' })).toHaveAttribute('href', 'tel:8885550187');
  expect(screen.getByRole('link', { name: 'member portal' })).toHaveAttribute(
    'href',
    'https://portal.peakfemme.example',
  );
});

test('a restart confirmation mentions a possible consult or lab work', () => {
  renderConfirmation('restart');

  expect(screen.getByRole('heading', { level: 2, name: 'Your request to restart treatment is in' })).toBeVisible();
  expect(screen.getByText(/short consult or new lab work/)).toBeVisible();
});

test('a finish type this build does not know still confirms, without an error', () => {
  renderConfirmation('constructor');

  expect(screen.getByRole('heading', { level: 2, name: 'Thank you, your answers are in' })).toBeVisible();
});

/** The serious and critical axe violations of the page (colour contrast needs a real browser). */
async function seriousViolations(): Promise<string[]> {
  const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`);
}

test('axe finds no serious problem on the confirmation', async () => {
  renderConfirmation('refill');
  expect(await seriousViolations()).toEqual([]);
});
