import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Button, Card, Stack, Text, ThemeIcon, Title } from '@mantine/core';

/** A list with nothing in it yet: its icon, what is missing, how it fills, and where to go meanwhile. */
export function EmptyState({ icon, title, hint, action }: { icon: ReactNode; title: string; hint: string; action: { label: string; to: string } }) {
  return (
    <Card padding="xl" withBorder radius="md">
      <Stack align="center" ta="center" gap="sm">
        <ThemeIcon size={56} radius="xl" variant="light" color="brand">
          {icon}
        </ThemeIcon>
        <Title order={2} fz="h3">
          {title}
        </Title>
        <Text c="dimmed" maw={420}>
          {hint}
        </Text>
        <Button component={Link} to={action.to} mt="xs">
          {action.label}
        </Button>
      </Stack>
    </Card>
  );
}
