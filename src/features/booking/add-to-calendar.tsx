import { Button } from '@mantine/core';
import { useBrand } from '../../shared/brand/brand-context.tsx';
import type { BookedAppointment } from './appointment-records.ts';
import { calendarHref, consultCalendar } from './calendar-file.ts';

export interface AddToCalendarProps {
  /** The booked consults, in order: the file holds each one with a known start. */
  appointments: readonly BookedAppointment[];
  /** The screen's primary action, or a secondary one beside it. @default 'primary' */
  emphasis?: 'primary' | 'secondary';
}

/**
 * "Add to calendar": a link that downloads the booked consults as an iCalendar file, made in
 * the browser (src/features/booking/calendar-file.ts). Nothing when no consult has a known start.
 */
export function AddToCalendar({ appointments, emphasis = 'primary' }: AddToCalendarProps) {
  const { brand } = useBrand();
  const ics = consultCalendar({
    appointments,
    brandName: brand.brandName,
    host: window.location.hostname,
    now: new Date(),
  });
  if (ics === null) return null;
  return (
    <Button
      component="a"
      href={calendarHref(ics)}
      download={appointments.length > 1 ? 'consults.ics' : 'consult.ics'}
      variant={emphasis === 'primary' ? 'filled' : 'default'}
    >
      Add to calendar
    </Button>
  );
}
