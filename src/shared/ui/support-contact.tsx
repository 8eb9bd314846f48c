import { Anchor, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useBrand } from '../brand/brand-context.tsx';
import { PhoneLink } from './phone-link.tsx';

/**
 * 'Questions? Call our care team at {phone}, {hours}.' with a call link, from the brand. Pages
 * whose layout has no footer contact block, and every page that can end in "call us", show it.
 */
export function SupportContact({ lead = 'Questions? Call our care team at', size }: { lead?: ReactNode; size?: 'sm' }) {
  const { brand } = useBrand();
  return (
    <Text size={size}>
      {lead} <PhoneLink />, {brand.supportHours}.
    </Text>
  );
}

/** 'member portal', linking to the brand's member portal in a new tab (it is another site). */
export function MemberPortalLink() {
  const { brand } = useBrand();
  return (
    <Anchor href={brand.portalLink} target="_blank" rel="noopener noreferrer">
      member portal
    </Anchor>
  );
}
