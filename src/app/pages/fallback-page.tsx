import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useBrand } from '../../shared/brand/brand-context.tsx';
import type { RouteSite } from '../../engine/config-types.ts';
import { PhoneLink } from '../../shared/ui/phone-link.tsx';

/**
 * Shown instead of a page of the other brand's site (SPEC §6): says so, and links to the
 * start of the visitor's own brand.
 */
export function FallbackPage({ routeSite }: { routeSite: RouteSite }) {
  const { brand } = useBrand();
  const audience = routeSite === 'female' ? "women's" : "men's";
  return (
    <Stack gap="md" py="xl" align="center" ta="center">
      <Title order={1}>This page isn&apos;t available here</Title>
      <Text maw={560}>
        The link you followed is for our {audience} health service, so it can&apos;t be opened on {brand.brandName}. You
        can start your own assessment instead, or call us at <PhoneLink />.
      </Text>
      <Anchor component={Link} to={brand.startPath} fw={600}>
        Start your {brand.brandName} assessment
      </Anchor>
    </Stack>
  );
}
