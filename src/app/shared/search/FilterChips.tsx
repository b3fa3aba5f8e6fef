import { Badge, CloseButton, Group, type GroupProps } from '@mantine/core';
import type { FilterChip } from '@/domain/search/browseFilters';
import { t } from '@/app/shared/i18n/language';

/**
 * The applied filters as removable chips (spec sections 2.5, 2.6 and 2.8), as every filter panel
 * shows them: each reads as its label and is removed by its close button. `keepCase` false lets the
 * badge's capitals stand, as the desktop home panel shows them.
 */
export function FilterChips({ chips, onRemove, keepCase = true, ...group }: { chips: readonly FilterChip[]; onRemove: (field: string) => void; keepCase?: boolean } & GroupProps) {
  if (!chips.length) return null;
  return (
    <Group gap={6} {...group}>
      {chips.map((c) => (
        <Badge
          key={c.field}
          variant="light"
          size="lg"
          pr={4}
          tt={keepCase ? 'none' : undefined}
          rightSection={<CloseButton size="xs" aria-label={t(/*i18n*/ 'Remove {label}', { label: c.label })} onClick={() => onRemove(c.field)} />}
        >
          {c.label}
        </Badge>
      ))}
    </Group>
  );
}
