import { Button, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useBrand } from '../shared/brand/brand-context.tsx';
import type { ClosedPage } from '../engine/funnel-machine.ts';
import { closedPageText } from './closed-page-text.ts';
import { ActionBar } from '../shared/layout/action-bar.tsx';
import { SupportContact } from '../shared/ui/support-contact.tsx';

/**
 * Shown in place of a page whose route `needs` a journey the patient does not have (a cold link
 * to a finish page, a booking page of a funnel without booking): what is missing, and one
 * button to where their journey is, which the funnel machine decides (`journey.resume`). When
 * the journey could not be loaded, the button loads the page again instead.
 */
export function JourneyGatePage({ closed, onResume }: { closed: ClosedPage; onResume: () => void }) {
  const text = closedPageText(closed);
  const { brand } = useBrand();
  // The tab says what the page says: static words, never patient data.
  useEffect(() => {
    document.title = `${text.title} | ${brand.brandName}`;
  }, [text.title, brand.brandName]);
  return (
    <Stack gap="lg" py="lg">
      <Title order={1}>{text.heading}</Title>
      <Stack gap="xs">
        {text.lines.map((line, index) => (
          <Text key={line} size={index === 0 ? 'lg' : undefined}>
            {line}
          </Text>
        ))}
      </Stack>
      <ActionBar>
        <Button
          onClick={() => {
            if (closed.loadFailed) window.location.reload();
            else onResume();
          }}
        >
          {text.action}
        </Button>
      </ActionBar>
      <SupportContact />
    </Stack>
  );
}
