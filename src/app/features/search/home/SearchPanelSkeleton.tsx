import { Container, Paper, Skeleton, Stack } from '@mantine/core';

/**
 * What the home page shows under the hero for the moment its search panel's code is loading: the
 * panel's frame with placeholder lines, about the phone panel's height, so the page does not jump.
 */
export function SearchPanelSkeleton() {
  return (
    <Container size="xl" mt={-24} pos="relative" aria-hidden data-testid="search-panel-skeleton">
      <Paper shadow="md" radius="lg" p="md" withBorder>
        <Stack gap="sm">
          <Skeleton h={28} w="55%" radius="sm" />
          <Skeleton h={36} radius="sm" />
          <Skeleton h={58} radius="sm" />
          <Skeleton h={58} radius="sm" />
          <Skeleton h={36} radius="sm" />
        </Stack>
      </Paper>
    </Container>
  );
}
