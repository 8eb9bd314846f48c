import { Fieldset, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { FieldError } from '../../questions/fields/field-parts.tsx';
import { formatTime, type SlotDay } from './slot-format.ts';

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
 * A day, then a time on that day: two groups of native radios (arrow keys move within a
 * group), each with a legend, and the patient's time zone named above the times. Controlled.
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
    <Stack gap="lg">
      <Fieldset
        variant="unstyled"
        role="radiogroup"
        aria-labelledby={`${id}-day-legend`}
        disabled={disabled}
        legend={<span id={`${id}-day-legend`}>Choose a day</span>}
      >
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="xs" mt="xs">
          {days.map((item) => (
            <Radio
              key={item.key}
              id={`${id}-day-${item.key}`}
              name={`${id}-day`}
              value={item.key}
              label={item.label}
              description={item.slots.length === 1 ? '1 time open' : `${item.slots.length} times open`}
              checked={item.key === dayKey}
              onChange={() => {
                onDayChange(item.key);
              }}
            />
          ))}
        </SimpleGrid>
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
          legend={<span id={`${id}-time-legend`}>Choose a time on {day.label}</span>}
        >
          <Text id={zoneId} size="sm" c="dimmed" mt={4}>
            Times are in your time zone: {zoneName}.
          </Text>
          <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} spacing="xs" mt="xs">
            {day.slots.map((slot) => (
              <Radio
                key={slot.startTime}
                id={`${id}-time-${slot.startTime}`}
                name={`${id}-time`}
                value={slot.startTime}
                label={formatTime(new Date(slot.startTime))}
                checked={slot.startTime === startTime}
                onChange={() => {
                  onTimeChange(slot.startTime);
                }}
              />
            ))}
          </SimpleGrid>
          {error && <FieldError id={errorId}>{error}</FieldError>}
        </Fieldset>
      )}
    </Stack>
  );
}
