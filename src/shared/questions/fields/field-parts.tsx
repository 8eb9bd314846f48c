import { Input } from '@mantine/core';
import type { ComponentPropsWithoutRef, ReactNode } from 'react';
import classes from './field-parts.module.css';

/** The visual required marker; screen readers learn "required" from aria-required instead. */
export function RequiredMark() {
  return (
    <span aria-hidden="true" style={{ color: 'var(--mantine-color-error)' }}>
      {'\u00a0*'}
    </span>
  );
}

/** A group's legend text, with its required marker. */
export function GroupLegend({ id, label, required }: { id: string; label: string; required: boolean }) {
  return (
    <span id={id}>
      {label}
      {required && <RequiredMark />}
    </span>
  );
}

/** An error message next to a group of controls, referenced by their aria-describedby. */
export function FieldError({ id, children }: { id: string; children: ReactNode }) {
  return (
    <Input.Error id={id} mt="xs">
      {children}
    </Input.Error>
  );
}

/**
 * A group of controls with its legend, as Mantine's Fieldset draws it in its unstyled variant:
 * a fieldset of our own, so a question page does not load Fieldset's styles API for it.
 */
export function GroupFieldset({
  legend,
  children,
  ...props
}: Omit<ComponentPropsWithoutRef<'fieldset'>, 'className'> & { legend: ReactNode }) {
  return (
    <fieldset className={classes.fieldset} {...props}>
      <legend className={classes.legend}>{legend}</legend>
      {children}
    </fieldset>
  );
}
