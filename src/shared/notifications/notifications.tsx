import { CloseButton } from '@mantine/core';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import classes from './notifications.module.css';

/** How long the banner and the snackbar stay (SPEC §9: 10000 ms). */
export const NOTICE_MS = 10_000;

export interface Notifications {
  /** The red banner at the top of the page, for errors that stop the patient. */
  showBanner: (message: string) => void;
  /** A short message at the bottom of the page, for a failed request. */
  showSnackbar: (message: string) => void;
}

const NotificationsContext = createContext<Notifications | null>(null);

/** The notifications of the page; components render inside a NotificationsProvider. */
export function useNotifications(): Notifications {
  const value = useContext(NotificationsContext);
  if (!value) throw new Error('useNotifications() needs a <NotificationsProvider> above it');
  return value;
}

/** A message that closes itself after NOTICE_MS, or when the patient closes it. */
function useNotice(): [string | null, (message: string) => void, () => void] {
  const [notice, setNotice] = useState<{ message: string; id: number } | null>(null);
  useEffect(() => {
    if (!notice) return undefined;
    const timer = window.setTimeout(() => {
      setNotice(null);
    }, NOTICE_MS);
    return () => {
      window.clearTimeout(timer);
    };
  }, [notice]);
  const show = useCallback((message: string) => {
    setNotice({ message, id: Date.now() });
  }, []);
  const close = useCallback(() => {
    setNotice(null);
  }, []);
  return [notice?.message ?? null, show, close];
}

/** Provides the banner and snackbar, and renders them. */
export function NotificationsProvider({ children }: { children: ReactNode }) {
  const [banner, showBanner, closeBanner] = useNotice();
  const [snackbar, showSnackbar, closeSnackbar] = useNotice();
  const value = useMemo(() => ({ showBanner, showSnackbar }), [showBanner, showSnackbar]);
  return (
    <NotificationsContext.Provider value={value}>
      {banner !== null && (
        <div className={classes.banner} role="alert">
          <span>{banner}</span>
          <CloseButton aria-label="Close message" onClick={closeBanner} variant="transparent" c="white" />
        </div>
      )}
      {children}
      <div className={classes.snackbarRegion} aria-live="polite">
        {snackbar !== null && (
          <div className={classes.snackbar} role="status">
            <span>{snackbar}</span>
            <CloseButton aria-label="Close message" onClick={closeSnackbar} variant="transparent" c="white" />
          </div>
        )}
      </div>
    </NotificationsContext.Provider>
  );
}
