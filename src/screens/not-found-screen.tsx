import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useBrand } from '../app/brand-context.tsx';
import { ActionBar } from '../layout/action-bar.tsx';

/** The catch-all page: what happened, and the way back in as its one primary action. */
export default function NotFoundScreen() {
  const { brand } = useBrand();
  return (
    <Stack gap="md" py="xl">
      <Title order={1}>Oops... page not found</Title>
      <Text>The link may be old or mistyped. You can start again from the beginning.</Text>
      <ActionBar>
        <Button component={Link} to={brand.startPath}>
          Start your assessment
        </Button>
      </ActionBar>
    </Stack>
  );
}
