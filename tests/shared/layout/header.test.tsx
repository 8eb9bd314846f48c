import { act, fireEvent, renderHook, screen } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import type { RouteConfig } from '../../../src/engine/config-types.ts';
import { Header } from '../../../src/shared/layout/header.tsx';
import { scrollPercent, useScrollProgress } from '../../../src/shared/layout/use-scroll-progress.ts';
import { loadConfig, must } from '../../support/config.ts';
import { renderWithProviders } from '../../support/render.tsx';

const { routes } = loadConfig().routes;
const route = (path: string): RouteConfig =>
  must(
    routes.find((r) => r.path === path),
    `route ${path}`,
  );

const assessment = route('/hormone-assessment/:pathCode');
const femaleAssessment = route('/f/hormone-assessment/:pathCode');
const results = route('/results/:pathCode');
const payment = route('/payment/:pathCode');
const thankYou = route('/thank-you/:pathCode');

/** Makes the page `height` px tall in a `viewport` px window, scrolled down by `scrollY`. */
function scrollPage(scrollY: number, height = 2800, viewport = 800) {
  Object.defineProperty(document.documentElement, 'scrollHeight', { configurable: true, value: height });
  Object.defineProperty(window, 'innerHeight', { configurable: true, writable: true, value: viewport });
  Object.defineProperty(window, 'scrollY', { configurable: true, writable: true, value: scrollY });
}

afterEach(() => {
  scrollPage(0, 0, 768);
});

// Which of the two labels shows is CSS's choice by width (the header is in the prerendered
// HTML, before any script): e2e/prerender.spec.ts looks at it at 375 and 1280 px.
test("the men's header shows the logo and a call link to the men's phone, labelled for phones and for wide screens", () => {
  renderWithProviders(<Header route={thankYou} />, { brand: 'male', width: 1280 });
  expect(screen.getByRole('img', { name: "Peak Men's Health" })).toHaveAttribute('src', '/brand/male/logo.svg');
  const call = screen.getByRole('link', { name: /call now\s*have questions\?\s*\(888\) 555-0142/i });
  expect(call).toHaveAttribute('href', 'tel:8885550142');
});

test("the women's header calls the women's brand phone", () => {
  renderWithProviders(<Header route={thankYou} />, { brand: 'female', width: 375 });
  expect(screen.getByRole('img', { name: 'Peak Femme' })).toHaveAttribute('src', '/brand/female/logo.svg');
  expect(screen.getByRole('link', { name: /call now.*\(888\) 555-0187/i })).toHaveAttribute('href', 'tel:8885550187');
});

test('a route can hide the call link', () => {
  renderWithProviders(<Header route={{ ...thankYou, header: { hideCallLink: true } }} />);
  expect(screen.getByRole('img', { name: "Peak Men's Health" })).toBeInTheDocument();
  expect(screen.queryByRole('link')).not.toBeInTheDocument();
});

test('the assessment tells the patient how long it takes', () => {
  renderWithProviders(<Header route={assessment} />);
  expect(screen.getByText('Less than 5 minutes to complete')).toBeInTheDocument();
  expect(screen.queryByText('Secure Checkout')).not.toBeInTheDocument();
});

test('the payment page shows Secure Checkout and no time badge', () => {
  renderWithProviders(<Header route={payment} />, { width: 375 });
  expect(screen.getByText('Secure Checkout')).toBeInTheDocument();
  expect(screen.queryByText(/to complete/)).not.toBeInTheDocument();
  expect(screen.getByRole('link', { name: /call now/i })).toBeInTheDocument();
});

test.each([
  ['/results/:pathCode', true],
  ['/hormone-assessment/:pathCode', true],
  ['/payment/:pathCode', false],
  ['/thank-you/:pathCode', false],
])('the header stays at the top of the screen on %s: %s', (path, fixed) => {
  renderWithProviders(<Header route={route(path)} />);
  expect(screen.getByRole('banner').hasAttribute('data-fixed')).toBe(fixed);
});

test('on a phone the assessment shows how far down the page the patient has scrolled', () => {
  renderWithProviders(<Header route={femaleAssessment} />, { brand: 'female', width: 375 });
  const bar = screen.getByRole('progressbar', { name: 'Page scrolled' });
  expect(bar).toHaveAttribute('aria-valuenow', '0');
  expect(bar).toHaveAttribute('aria-valuemax', '100');
});

test('there is no scroll progress bar on pages without one', () => {
  renderWithProviders(<Header route={results} />, { width: 375 });
  expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
});

test('the progress bar fills as the patient scrolls down the assessment', async () => {
  scrollPage(0);
  renderWithProviders(<Header route={assessment} />, { width: 375 });
  const bar = screen.getByRole('progressbar', { name: 'Page scrolled' });

  scrollPage(500);
  fireEvent.scroll(window);
  await vi.waitFor(() => {
    expect(bar).toHaveAttribute('aria-valuenow', '25');
  });

  scrollPage(2000);
  fireEvent.scroll(window);
  await vi.waitFor(() => {
    expect(bar).toHaveAttribute('aria-valuenow', '100');
  });
});

test('a progress value given by the page replaces the scroll percentage, kept within 0 to 100', () => {
  const { unmount } = renderWithProviders(<Header route={assessment} progress={40} />, { width: 375 });
  expect(screen.getByRole('progressbar', { name: 'Page scrolled' })).toHaveAttribute('aria-valuenow', '40');
  unmount();
  renderWithProviders(<Header route={assessment} progress={140} />, { width: 375 });
  expect(screen.getByRole('progressbar', { name: 'Page scrolled' })).toHaveAttribute('aria-valuenow', '100');
});

test('scroll percentage is scroll position over scrollable height, 0 when nothing scrolls', () => {
  expect(scrollPercent(500, 2800, 800)).toBe(25);
  expect(scrollPercent(0, 2800, 800)).toBe(0);
  expect(scrollPercent(2000, 2800, 800)).toBe(100);
  expect(scrollPercent(2600, 2800, 800)).toBe(100);
  expect(scrollPercent(-40, 2800, 800)).toBe(0);
  expect(scrollPercent(0, 600, 800)).toBe(0);
  expect(scrollPercent(10, 800, 800)).toBe(0);
});

test('the scroll listener is removed when the header goes away, and a pending frame cancelled', () => {
  const remove = vi.spyOn(window, 'removeEventListener');
  const cancel = vi.spyOn(window, 'cancelAnimationFrame');
  const { unmount } = renderHook(() => useScrollProgress(true));
  unmount();
  expect(remove).toHaveBeenCalledWith('scroll', expect.any(Function));
  expect(remove).toHaveBeenCalledWith('resize', expect.any(Function));
  expect(cancel).toHaveBeenCalled();
  remove.mockRestore();
  cancel.mockRestore();
});

test('scroll events within one frame are measured once', async () => {
  scrollPage(0);
  const frame = vi.spyOn(window, 'requestAnimationFrame');
  const { result } = renderHook(() => useScrollProgress(true));
  await vi.waitFor(() => {
    expect(frame).toHaveBeenCalledTimes(1);
  });
  await act(() => new Promise((resolve) => requestAnimationFrame(resolve)));
  frame.mockClear();
  scrollPage(1000);
  fireEvent.scroll(window);
  fireEvent.scroll(window);
  fireEvent.scroll(window);
  expect(frame).toHaveBeenCalledTimes(1);
  await vi.waitFor(() => {
    expect(result.current).toBe(50);
  });
  frame.mockRestore();
});

test('a disabled scroll progress listens to nothing', () => {
  const add = vi.spyOn(window, 'addEventListener');
  const { result } = renderHook(() => useScrollProgress(false));
  expect(add).not.toHaveBeenCalledWith('scroll', expect.any(Function), expect.anything());
  expect(result.current).toBe(0);
  add.mockRestore();
});
