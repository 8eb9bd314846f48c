import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useBrand } from '../app/brand-context.tsx';

/** The catch-all page. */
export default function NotFoundScreen() {
  const { brand } = useBrand();
  return (
    <Stack gap="md" py="xl" align="center" ta="center">
      <Title order={1}>Oops... page not found</Title>
      <Text>The link may be old or mistyped.</Text>
      <Anchor component={Link} to={brand.startPath}>
        Start your assessment
      </Anchor>
    </Stack>
  );
}
