import { Alert, Stack, Text } from '@mantine/core';
import { useBrand } from '../../shared/brand/brand-context.tsx';
import { PhoneLink } from '../../shared/ui/phone-link.tsx';

/**
 * What a returning patient sees when their link does not say who they are (no customer id or
 * landing id, or one we do not know): what to do, and the support phone. Nothing to fill in,
 * because answers we cannot attach to a patient would be lost.
 */
export function IncompleteLink({ what }: { what: string }) {
  const { brand } = useBrand();
  return (
    <Alert color="yellow" title="This link is incomplete" my="lg">
      <Stack gap="sm">
        <Text size="sm">
          We could not tell whose {what} this is. The link may have been cut short when it was copied. Open it again
          from your latest email or text message, or call us and we will help you.
        </Text>
        <Text size="sm">
          Call <PhoneLink />, {brand.supportHours}.
        </Text>
      </Stack>
    </Alert>
  );
}
