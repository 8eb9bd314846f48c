import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, test, vi } from 'vitest';
import { ApiError } from '../../../src/shared/api/http.ts';
import { SaveProblem } from '../../../src/shared/ui/save-problem.tsx';
import { renderWithProviders } from '../../support/render.tsx';

/** The browser's connection as navigator.onLine says, with the event it fires. */
function goOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

afterEach(() => {
  vi.restoreAllMocks();
});

test('offline, it says so and that the answers are kept; back online, it says that instead, and Try again is the retry', async () => {
  const user = userEvent.setup();
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  const retry = vi.fn();
  renderWithProviders(<SaveProblem error={new TypeError('Failed to fetch')} attempt={1} retry={retry} />);

  const problem = screen.getByRole('alert', { name: 'Your answers are not saved yet' });
  expect(problem).toHaveTextContent('You are offline');
  expect(problem).toHaveTextContent('They are kept on this page');
  expect(problem).toHaveFocus();

  goOnline(true);
  expect(problem).toHaveTextContent('You are back online. Press Try again to save your answers and go on.');
  expect(problem).not.toHaveTextContent('You are offline');

  await user.click(screen.getByRole('button', { name: 'Try again' }));
  expect(retry).toHaveBeenCalledTimes(1);
});

test("the server's answer is said in plain words, its own text small for the care team; a busy retry ignores presses", async () => {
  const user = userEvent.setup();
  const retry = vi.fn();
  renderWithProviders(
    <SaveProblem error={new ApiError('/saveLead: 503: unavailable', 503, 'saveLead')} attempt={1} retry={retry} busy />,
  );

  const problem = screen.getByRole('alert', { name: 'Your answers are not saved yet' });
  expect(problem).toHaveTextContent('Something went wrong on our side');
  expect(problem).toHaveTextContent('/saveLead: 503: unavailable');
  await user.click(screen.getByRole('button', { name: 'Saving…' }));
  expect(retry).not.toHaveBeenCalled();
});

test('a Continue with nothing typed speaks of progress, not answers', () => {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  renderWithProviders(
    <SaveProblem error={new TypeError('Failed to fetch')} attempt={1} retry={vi.fn<() => void>()} subject="progress" />,
  );

  const problem = screen.getByRole('alert', { name: 'You are still on this page' });
  expect(problem).toHaveTextContent('You are offline, so we could not save your progress.');
  expect(problem).not.toHaveTextContent('answers');
});
