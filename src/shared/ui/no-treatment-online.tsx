import { Alert, Stack, Text } from '@mantine/core';
import { forwardRef, type ReactNode } from 'react';
import { SupportContact } from './support-contact.tsx';

/** The title of the stop: the words a patient reads before paying and after. */
export const NO_TREATMENT_ONLINE = "We can't offer treatment online yet";

/**
 * What a patient whose answers rule treatment out is told: "We can't offer treatment online
 * yet", the reasons the clinic's qualification check gave (checkCustQualifications), and the care
 * team's phone. One component, so the results page (before paying) and the assessment of a funnel
 * that took the payment first say the same words. `children` adds what follows from having paid.
 */
export const NoTreatmentOnline = forwardRef<HTMLDivElement, { reasons: readonly string[]; children?: ReactNode }>(
  function NoTreatmentOnline({ reasons, children }, ref) {
    return (
      <Alert ref={ref} color="yellow" title={NO_TREATMENT_ONLINE}>
        <Stack gap="xs">
          {reasons.map((reason) => (
            <Text key={reason} size="sm">
              {reason}
            </Text>
          ))}
          {children}
          <SupportContact lead="Our care team can help: call" size="sm" />
        </Stack>
      </Alert>
    );
  },
);
