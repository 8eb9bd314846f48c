import type { ComponentType } from 'react';
import { lazyScreen, type LazyScreen } from '../lib/lazy-chunk.ts';
import type { ScreenName } from '../engine/config-types.ts';
import type { ScreenShellLayout } from '../shared/layout/screen-shell.tsx';
import type { ScreenProps } from '../shared/screen-props.ts';

type ScreenModule = { default: ComponentType<ScreenProps> };

/** Every screen by the name routes use, each in its own lazily loaded chunk. */
const loaders: Record<ScreenName, () => Promise<ScreenModule>> = {
  'about-consult': () => import('../features/booking/about-consult-screen.tsx'),
  checkout: () => import('./visit-before-order.tsx'),
  'comm-verify': () => import('../features/account/comm-verify-screen.tsx'),
  'commerce-info-update': () => import('../features/account/commerce-info-update-screen.tsx'),
  'consult-upcoming': () => import('../features/booking/consult-upcoming-screen.tsx'),
  'continuous-confirmation': () => import('../features/continuing-care/continuous-confirmation-screen.tsx'),
  'continuous-form': () => import('../features/continuing-care/continuous-form-screen.tsx'),
  error: () => import('./pages/error-screen.tsx'),
  finish: () => import('../features/booking/finish-screen.tsx'),
  'hormone-assessment': () => import('../features/assessment/hormone-assessment-screen.tsx'),
  intake: () => import('../features/intake/intake-screen.tsx'),
  legal: () => import('../features/legal/legal-screen.tsx'),
  'memo-appointment': () => import('../features/booking/memo-appointment-screen.tsx'),
  'microclinic-finish': () => import('../features/booking/microclinic-finish-screen.tsx'),
  'not-found': () => import('./pages/not-found-screen.tsx'),
  payment: () => import('../features/payment/payment-screen.tsx'),
  'post-clinic': () => import('../features/account/post-clinic-screen.tsx'),
  'restart-hrt': () => import('../features/continuing-care/restart-hrt-screen.tsx'),
  results: () => import('../features/results/results-screen.tsx'),
  scheduling: () => import('../features/booking/scheduling-screen.tsx'),
  'short-link': () => import('./pages/short-link-screen.tsx'),
  'thank-you': () => import('../features/booking/thank-you-screen.tsx'),
  upload: () => import('../features/account/upload-screen.tsx'),
};

/**
 * The screens that open with the route's title as their heading, and where they put it: the
 * shell in the page's HTML shows the heading there while the screen loads (ScreenShell), and
 * each of these screens shows that same shell while its own data loads. Any other screen's
 * shell is the loading mark alone: so are the finish and thank-you pages', whose heading ("All
 * Set") would claim a finished journey before the funnel machine has checked there is one
 * (config/routes.json needs). e2e/prerender.spec.ts checks that the heading does not move.
 */
const shellLayouts: Partial<Record<ScreenName, ScreenShellLayout>> = {
  'hormone-assessment': { py: 'md', intro: true, earlyForm: true },
  'continuous-confirmation': { py: 'lg' },
  'continuous-form': { py: 'lg' },
  'microclinic-finish': { py: 'lg' },
  'restart-hrt': { py: 'lg' },
  intake: { py: 'lg', intro: true, earlyForm: true },
  payment: { py: 'lg', earlySummary: true },
  checkout: { py: 'lg', earlySummary: true },
  results: { py: 'lg', earlyNote: true },
  scheduling: { py: 'lg' },
};

/** Where a screen puts the route's title as its heading, or null when it does not open with it. */
export function shellLayoutOf(name: string): ScreenShellLayout | null {
  return Object.hasOwn(shellLayouts, name) ? (shellLayouts[name as ScreenName] ?? null) : null;
}

/** The screen names the registry knows. */
export const REGISTERED_SCREENS: readonly string[] = Object.keys(loaders);

// Created up front: lazy() loads nothing until a screen first renders.
const screens = new Map<string, LazyScreen<ScreenProps>>(
  Object.entries(loaders).map(([name, load]) => [name, lazyScreen(load)]),
);

/**
 * The component for a screen name, or null for a name the registry does not know (the caller
 * shows a visible fallback). A Map lookup, so names like "constructor" are unknown.
 */
export function screenFor(name: string): LazyScreen<ScreenProps> | null {
  return screens.get(name) ?? null;
}

/**
 * Starts downloading a screen's chunk now, so the first page does not wait for React to
 * render before fetching it. A failure here is ignored: rendering retries and reports it.
 */
export function preloadScreen(name: string): void {
  screens.get(name)?.preload();
}
