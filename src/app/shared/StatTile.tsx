import { Paper, Text } from '@mantine/core';

/** A number with its label under it, as the dashboard's and the performance screen's tiles show them. */
export function StatTile({ label, value, title }: { label: string; value: string; title?: string }) {
  return (
    <Paper p={{ base: 'sm', sm: 'md' }} radius="lg" withBorder role="group" aria-label={label}>
      <Text fz={{ base: 22, sm: 28 }} fw={800} c="brand.8" lh={1.15} title={title}>
        {value}
      </Text>
      <Text fz={{ base: 11, sm: 'sm' }} c="dimmed" fw={600} mt={4} lh={1.25}>
        {label}
      </Text>
    </Paper>
  );
}
