import { Fieldset, Text, VisuallyHidden } from '@mantine/core';
import { useId } from 'react';
import { FieldError } from '../../shared/questions/fields/field-parts.tsx';
import { type SlotDay } from './slot-format.ts';
import { formatTime } from '../../shared/appointment-time.ts';
import classes from './slot-picker.module.css';

export interface SlotPickerProps {
  /** The days with free slots, in order. */
  days: readonly SlotDay[];
  /** The chosen day's key. */
  dayKey: string;
  /** The chosen slot's start, or null. */
  startTime: string | null;
  onDayChange: (dayKey: string) => void;
  onTimeChange: (startTime: string) => void;
  /** The patient's time zone, named: 'Central Standard Time'. */
  zoneName: string;
  /** A message next to the times, such as 'Choose a time'. */
  error?: string | undefined;
  disabled?: boolean;
}

/**
 * A day, then a time on that day, in little space: the days as a grid of small cells
 * (weekday over date, the full date as each one's name) and the chosen day's times beside
 * them from 640 px up, below them on a phone, the patient's zone named above the times. Each
 * group is one set of native radios, so Tab reaches it once and the arrow keys move within
 * it. Controlled.
 */
export function SlotPicker({
  days,
  dayKey,
  startTime,
  onDayChange,
  onTimeChange,
  zoneName,
  error,
  disabled = false,
}: SlotPickerProps) {
  const id = useId();
  const day = days.find((item) => item.key === dayKey);
  const errorId = `${id}-time-error`;
  const zoneId = `${id}-zone`;
  return (
    <div className={classes.picker}>
      <Fieldset
        variant="unstyled"
        role="radiogroup"
        aria-labelledby={`${id}-day-legend`}
        disabled={disabled}
        legend={<span id={`${id}-day-legend`}>Choose a day</span>}
      >
        <div className={classes.days}>
          {days.map((item) => (
            <label key={item.key} className={`${classes.cell} ${classes.day}`}>
              <input
                className={classes.input}
                type="radio"
                name={`${id}-day`}
                value={item.key}
                aria-label={item.label}
                checked={item.key === dayKey}
                onChange={() => {
                  onDayChange(item.key);
                }}
              />
              <span className={classes.weekday}>{item.short.weekday}</span>
              <span className={classes.date}>{item.short.date}</span>
            </label>
          ))}
        </div>
      </Fieldset>
      {day && (
        <Fieldset
          variant="unstyled"
          role="radiogroup"
          aria-labelledby={`${id}-time-legend`}
          aria-required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${zoneId} ${errorId}` : zoneId}
          disabled={disabled}
          // The chosen day shows in its cell; its full date completes the group's name.
          legend={
            <span id={`${id}-time-legend`}>
              Choose a time <VisuallyHidden>on {day.label}</VisuallyHidden>
            </span>
          }
        >
          <Text id={zoneId} size="sm" c="dimmed">
            Times are in your time zone: {zoneName}.
          </Text>
          <div className={classes.times}>
            {day.slots.map((slot) => (
              <label key={slot.startTime} className={classes.cell}>
                <input
                  className={classes.input}
                  type="radio"
                  name={`${id}-time`}
                  value={slot.startTime}
                  checked={slot.startTime === startTime}
                  onChange={() => {
                    onTimeChange(slot.startTime);
                  }}
                />
                <span className={classes.time}>{formatTime(new Date(slot.startTime))}</span>
              </label>
            ))}
          </div>
          {error && <FieldError id={errorId}>{error}</FieldError>}
        </Fieldset>
      )}
    </div>
  );
}
