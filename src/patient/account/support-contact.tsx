import { Anchor, Text } from '@mantine/core';
import { useBrand } from '../../app/brand-context.tsx';
import { telHref } from '../../layout/phone.ts';

/**
 * The care team's phone and hours, on every account page: some of them (upload for
 * dailytada2) use a layout without the footer's contact block, and each of them can end in
 * "call us".
 */
export function SupportContact({ lead = 'Questions? Call our care team at' }: { lead?: string }) {
  const { brand } = useBrand();
  return (
    <Text size="sm">
      {lead} <Anchor href={telHref(brand.phone)}>{brand.phone}</Anchor>, {brand.supportHours}.
    </Text>
  );
}
