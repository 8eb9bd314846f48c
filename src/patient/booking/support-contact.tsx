import { Anchor, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useBrand } from '../../app/brand-context.tsx';
import { telHref } from '../../layout/phone.ts';

/** 'Questions? Call us at {phone}, {hours}.' with a call link, from the brand. */
export function SupportContact({ lead = 'Questions? Call us at' }: { lead?: ReactNode }) {
  const { brand } = useBrand();
  return (
    <Text>
      {lead} <Anchor href={telHref(brand.phone)}>{brand.phone}</Anchor>, {brand.supportHours}.
    </Text>
  );
}
