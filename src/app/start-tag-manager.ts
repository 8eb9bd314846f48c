import { pageServiceSettings } from '../shared/services/page-settings.ts';
import type { ServiceSettings } from '../contract/service-settings.ts';

/** SPEC §9: the tag manager starts this long after the window's load event. */
export const TAG_MANAGER_DELAY_MS = 3000;

/** The tag manager's own start entry, as its standard snippet pushes it. */
function pushStart(win: Window): void {
  const holder = win as unknown as { dataLayer?: unknown };
  if (holder.dataLayer === undefined) holder.dataLayer = [];
  const layer = holder.dataLayer as { push?: unknown };
  if (typeof layer.push === 'function') {
    (layer.push as (entry: object) => void).call(layer, { 'gtm.start': Date.now(), event: 'gtm.js' });
  }
}

/** The first-party server-side tagging script with the brand's container id. */
export function tagManagerScriptUrl(scriptUrl: string, container: string): string {
  return `${scriptUrl}${scriptUrl.includes('?') ? '&' : '?'}id=${encodeURIComponent(container)}`;
}

function addScript(win: Window, src: string): void {
  try {
    pushStart(win);
    const script = win.document.createElement('script');
    script.async = true;
    script.src = src;
    // A script that does not load costs the patient nothing: the events stay in the data layer.
    script.addEventListener('error', () => {
      script.remove();
    });
    win.document.head.append(script);
  } catch {
    // Tagging never stops a patient.
  }
}

/**
 * Starts the tag manager (SPEC §1) 3000 ms after the window's load event, so it never
 * competes with the page: pushes the start entry and adds the tagging script with the
 * brand's container. Nothing when the deployment turned tagging off (settings null) or the
 * brand has no container. Returns a function that cancels a start that has not happened.
 */
export function startTagManager(
  container: string,
  settings: ServiceSettings['tagManager'] = pageServiceSettings().tagManager,
  win: Window = window,
): () => void {
  if (settings === null || container === '') return () => undefined;
  const src = tagManagerScriptUrl(settings.scriptUrl, container);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const schedule = () => {
    timer = setTimeout(() => {
      addScript(win, src);
    }, TAG_MANAGER_DELAY_MS);
  };
  if (win.document.readyState === 'complete') schedule();
  else win.addEventListener('load', schedule, { once: true });
  return () => {
    win.removeEventListener('load', schedule);
    clearTimeout(timer);
  };
}
