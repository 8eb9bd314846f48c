import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { updateHrtPatient } from '../shared/api/status.ts';
import { ApiError } from '../shared/api/http.ts';
import { useNotifications } from '../shared/notifications/notifications.tsx';
import { useJourney } from '../shared/journey/journey-context.tsx';
import { useRouteContext } from '../shared/journey/use-route-context.ts';

/** Pages already reported in this page session, so a re-render or StrictMode does not call twice. */
const reported = new Set<string>();

/**
 * The tracking call of SPEC §7: when the query has `mpid` and the patient's landing id is
 * known, records mpid, landing id and the page's path (never its query) once per page.
 * A failure goes to the snackbar (SPEC §8) and does not stop the patient.
 */
export function MpidTracking({ code }: { code: string }) {
  const { pathname } = useLocation();
  const context = useRouteContext();
  const journey = useJourney(code);
  const landingId = context.landingId !== '' ? context.landingId : journey.state.landingId;
  const { mpid } = context;
  const { showSnackbar } = useNotifications();

  useEffect(() => {
    if (mpid === undefined || landingId === undefined || landingId === '') return;
    const key = `${mpid}\n${landingId}\n${pathname}`;
    if (reported.has(key)) return;
    reported.add(key);
    updateHrtPatient({ mpid, landing_id: landingId, location: pathname }).catch((error: unknown) => {
      reported.delete(key);
      showSnackbar(error instanceof ApiError ? error.message : 'Request Timeout');
    });
  }, [mpid, landingId, pathname, showSnackbar]);
  return null;
}
