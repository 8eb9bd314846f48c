import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test, vi } from 'vitest';
import type { JourneyState } from '../../../src/contract/journey-state.ts';
import type { Prefill } from '../../../src/domain/prefill.ts';
import { FormRunner } from '../../../src/shared/ui/form-runner.tsx';
import { useJourney } from '../../../src/shared/journey/journey-context.tsx';
import { usePrefill } from '../../../src/features/assessment/use-prefill.ts';
import { server, useApiServer } from '../../api/msw.ts';
import { memoryJourneyCalls, renderWithProviders } from '../../support/render.tsx';
import { pageQuestionsHandler } from '../../support/mip-pages.ts';

useApiServer();

/** The contact page of the assessment, with the link's prefill, as the assessment screen uses it. */
function ContactPage({ prefill, onRender }: { prefill: Prefill; onRender?: () => void }) {
  const journey = useJourney('shrt');
  usePrefill(journey, prefill);
  onRender?.();
  return <FormRunner form={{ formId: 'MIP', pageIds: ['4'] }} journey={journey} onComplete={() => Promise.resolve()} />;
}

function journeyWith(answers: JourneyState['answers']): JourneyState {
  return { version: 3, landedAt: '2026-11-22T09:00:00.000Z', answers, pages: {}, completed: [], records: {} };
}

const PREFILL: Prefill = { firstName: 'Avery', lastName: 'Quinn', email: 'avery@example.com', phone: '2125550187' };

test('a patient arriving with a prefilled link finds their contact details filled in, and kept in the journey', async () => {
  server.use(pageQuestionsHandler());
  const journey = memoryJourneyCalls();
  renderWithProviders(<ContactPage prefill={PREFILL} />, { journeyCalls: journey });

  expect(await screen.findByRole('textbox', { name: 'First name' })).toHaveValue('Avery');
  expect(screen.getByRole('textbox', { name: 'Last name' })).toHaveValue('Quinn');
  expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('avery@example.com');
  expect(screen.getByRole('textbox', { name: 'Mobile phone' })).toHaveValue('2125550187');
  await waitFor(() => {
    expect(journey.saved.get('shrt')?.answers).toEqual({
      firstName: ['Avery'],
      lastName: ['Quinn'],
      email: ['avery@example.com'],
      phone: ['2125550187'],
    });
  });
});

test('the prefill never replaces what the patient already gave, only the empty answers', async () => {
  server.use(pageQuestionsHandler());
  const journey = memoryJourneyCalls({ shrt: journeyWith({ firstName: ['Ava'], email: [] }) });
  renderWithProviders(<ContactPage prefill={PREFILL} />, { journeyCalls: journey });

  expect(await screen.findByRole('textbox', { name: 'First name' })).toHaveValue('Ava');
  expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('avery@example.com');
  expect(screen.getByRole('textbox', { name: 'Last name' })).toHaveValue('Quinn');
});

test('a contact field left blank on an earlier visit is filled from the link', async () => {
  server.use(pageQuestionsHandler());
  const journey = memoryJourneyCalls({ shrt: journeyWith({ lastName: [''], phone: ['  '] }) });
  renderWithProviders(<ContactPage prefill={PREFILL} />, { journeyCalls: journey });

  expect(await screen.findByRole('textbox', { name: 'Last name' })).toHaveValue('Quinn');
  expect(screen.getByRole('textbox', { name: 'Mobile phone' })).toHaveValue('2125550187');
});

test('a name the patient corrects or clears stays as they left it', async () => {
  server.use(pageQuestionsHandler());
  const user = userEvent.setup();
  const journey = memoryJourneyCalls();
  renderWithProviders(<ContactPage prefill={PREFILL} />, { journeyCalls: journey });

  const firstName = await screen.findByRole('textbox', { name: 'First name' });
  await user.clear(firstName);
  await user.type(firstName, 'Ava');
  await user.clear(screen.getByRole('textbox', { name: 'Last name' }));

  expect(firstName).toHaveValue('Ava');
  expect(screen.getByRole('textbox', { name: 'Last name' })).toHaveValue('');
  await waitFor(() => {
    expect(journey.saved.get('shrt')?.answers.firstName).toEqual(['Ava']);
  });
  expect(journey.saved.get('shrt')?.answers.lastName).toEqual(['']);
});

test('a blank prefill field fills nothing and saves nothing', async () => {
  server.use(pageQuestionsHandler());
  const journey = memoryJourneyCalls();
  renderWithProviders(<ContactPage prefill={{ firstName: '   ' }} />, { journeyCalls: journey });

  expect(await screen.findByRole('textbox', { name: 'First name' })).toHaveValue('');
  expect(journey.saved.has('shrt')).toBe(false);
});

test('filling in the prefill settles: the page does not keep re-rendering', async () => {
  server.use(pageQuestionsHandler());
  const onRender = vi.fn();
  renderWithProviders(<ContactPage prefill={PREFILL} onRender={onRender} />);

  await screen.findByRole('textbox', { name: 'First name' });
  const settled = onRender.mock.calls.length;
  await new Promise((resolve) => setTimeout(resolve, 50));

  expect(onRender.mock.calls.length).toBe(settled);
  expect(settled).toBeLessThan(15);
});
