import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, test, vi } from 'vitest';
import { NOTICE_MS, NotificationsProvider, useNotifications } from '../../src/shared/notifications/notifications.tsx';
import { renderWithProviders } from '../support/render.tsx';

function Buttons() {
  const { showBanner, showSnackbar } = useNotifications();
  return (
    <>
      <button
        type="button"
        onClick={() => {
          showBanner('We could not load your results.');
        }}
      >
        Fail loudly
      </button>
      <button
        type="button"
        onClick={() => {
          showSnackbar('/getProductInfo: 503: Service Unavailable');
        }}
      >
        Fail quietly
      </button>
    </>
  );
}

afterEach(() => {
  vi.useRealTimers();
});

test('the red banner shows at the top and closes itself after 10 seconds', async () => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
  renderWithProviders(
    <NotificationsProvider>
      <Buttons />
    </NotificationsProvider>,
  );
  await user.click(screen.getByRole('button', { name: 'Fail loudly' }));
  expect(screen.getByRole('alert')).toHaveTextContent('We could not load your results.');
  act(() => {
    vi.advanceTimersByTime(NOTICE_MS - 100);
  });
  expect(screen.getByRole('alert')).toBeInTheDocument();
  act(() => {
    vi.advanceTimersByTime(200);
  });
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

test('the snackbar shows a failed request and closes itself after 10 seconds, or when closed', async () => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
  renderWithProviders(
    <NotificationsProvider>
      <Buttons />
    </NotificationsProvider>,
  );
  await user.click(screen.getByRole('button', { name: 'Fail quietly' }));
  expect(screen.getByRole('status')).toHaveTextContent('/getProductInfo: 503: Service Unavailable');
  act(() => {
    vi.advanceTimersByTime(NOTICE_MS + 1);
  });
  expect(screen.queryByRole('status')).not.toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Fail quietly' }));
  await user.click(screen.getByRole('button', { name: 'Close message' }));
  expect(screen.queryByRole('status')).not.toBeInTheDocument();
});

test('notifications are only available inside the provider', () => {
  expect(() => render(<Buttons />)).toThrow('useNotifications() needs a <NotificationsProvider> above it');
});
