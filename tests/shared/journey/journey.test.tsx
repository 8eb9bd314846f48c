import { TextInput } from '@mantine/core';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test, vi } from 'vitest';
import type { JourneyState } from '../../../src/contract/journey-state.ts';
import { ApiError } from '../../../src/shared/api/http.ts';
import { useJourney } from '../../../src/shared/journey/journey-context.tsx';
import type { JourneyCalls } from '../../../src/shared/journey/journey-store.ts';
import { memoryJourneyCalls, renderWithProviders } from '../../support/render.tsx';

/** A screen with one answer typed into the journey, its save state and a button that saves at once. */
function NotesScreen({ code = 'shrt', label = 'Notes' }: { code?: string | null; label?: string }) {
  const journey = useJourney(code);
  return (
    <>
      <p>
        {label}: {journey.status}
      </p>
      <TextInput
        label={label}
        value={journey.state.answers.notes?.[0] ?? ''}
        onChange={(event) => {
          const text = event.currentTarget.value;
          journey.update((state) => ({ ...state, answers: { ...state.answers, notes: [text] } }));
        }}
      />
      <button
        type="button"
        onClick={() => {
          journey.save((state) => ({ ...state, completed: [...state.completed, 'MIP'] })).catch(() => undefined);
        }}
      >
        Save now
      </button>
    </>
  );
}

const SAVED: JourneyState = {
  version: 3,
  landedAt: '2026-11-22T09:00:00.000Z',
  answers: { notes: ['Tired in the afternoons'] },
  pages: {},
  completed: [],
  records: {},
};

test('a returning patient sees the journey load, then their saved answer', async () => {
  renderWithProviders(<NotesScreen />, { journeyCalls: memoryJourneyCalls({ shrt: SAVED }) });

  expect(screen.getByText('Notes: loading')).toBeVisible();
  expect(await screen.findByText('Notes: ready')).toBeVisible();
  expect(screen.getByRole('textbox', { name: 'Notes' })).toHaveValue('Tired in the afternoons');
});

test('what the patient types shows at once and reaches the server a moment after they stop', async () => {
  const user = userEvent.setup();
  const journey = memoryJourneyCalls();
  const save = vi.spyOn(journey, 'save');
  renderWithProviders(<NotesScreen />, { journeyCalls: journey });

  await screen.findByText('Notes: ready');
  await user.type(screen.getByRole('textbox', { name: 'Notes' }), 'Poor sleep');

  expect(screen.getByRole('textbox', { name: 'Notes' })).toHaveValue('Poor sleep');
  await waitFor(() => {
    expect(journey.saved.get('shrt')?.answers).toEqual({ notes: ['Poor sleep'] });
  });
  expect(save).toHaveBeenCalledTimes(1);
});

test('two screens of one funnel share one journey, loaded once; pages without a code share another', async () => {
  const user = userEvent.setup();
  const journey = memoryJourneyCalls({ shrt: SAVED });
  const load = vi.spyOn(journey, 'load');
  renderWithProviders(
    <>
      <NotesScreen label="Assessment notes" />
      <NotesScreen label="Results notes" />
      <NotesScreen code={null} label="Upload notes" />
    </>,
    { journeyCalls: journey },
  );

  await screen.findByText('Results notes: ready');
  await user.clear(screen.getByRole('textbox', { name: 'Assessment notes' }));
  await user.type(screen.getByRole('textbox', { name: 'Assessment notes' }), 'Hot flashes');

  expect(screen.getByRole('textbox', { name: 'Results notes' })).toHaveValue('Hot flashes');
  expect(screen.getByRole('textbox', { name: 'Upload notes' })).toHaveValue('');
  expect(load.mock.calls).toEqual([['shrt'], ['none']]);
});

test('when saving fails the patient is told once, keeps what they typed, and the journey is marked unsaved', async () => {
  const user = userEvent.setup();
  const failing: JourneyCalls = {
    load: () => Promise.resolve(null),
    save: () => Promise.reject(new ApiError('/journey: 503: Service unavailable', 503, 'journey')),
  };
  renderWithProviders(<NotesScreen />, { journeyCalls: failing });

  await screen.findByText('Notes: ready');
  await user.click(screen.getByRole('button', { name: 'Save now' }));

  expect(await screen.findByRole('status')).toHaveTextContent(
    'Your answers could not be saved just now. Keep this page open; we will try again.',
  );
  expect(screen.getByText('Notes: unsaved')).toBeVisible();
  await user.click(screen.getByRole('button', { name: 'Close message' }));
  await user.type(screen.getByRole('textbox', { name: 'Notes' }), 'Still here');
  await user.click(screen.getByRole('button', { name: 'Save now' }));
  await new Promise((resolve) => setTimeout(resolve, 50));

  expect(screen.getByRole('textbox', { name: 'Notes' })).toHaveValue('Still here');
  // The same outage is not announced again on every keystroke or save.
  expect(screen.queryByRole('status')).not.toBeInTheDocument();
});

test('when the saved journey cannot be loaded, the patient is told and can go on', async () => {
  const user = userEvent.setup();
  renderWithProviders(<NotesScreen />, {
    journeyCalls: {
      load: () => Promise.reject(new ApiError('Request Timeout', null, 'journey')),
      save: () => Promise.resolve(1),
    },
  });

  expect(await screen.findByRole('status')).toHaveTextContent(
    'We could not load your saved answers just now. We will try again as you go on.',
  );
  await user.type(screen.getByRole('textbox', { name: 'Notes' }), 'Fine');
  expect(screen.getByRole('textbox', { name: 'Notes' })).toHaveValue('Fine');
});

test('a screen outside the journey provider is a programming error, named plainly', () => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  expect(() => render(<NotesScreen />)).toThrow('useJourney() needs a <JourneyProvider> above it');
  vi.restoreAllMocks();
});
