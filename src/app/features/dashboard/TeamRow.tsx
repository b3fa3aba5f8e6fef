import { Fragment, type ReactNode } from 'react';
import { Group, Stack, Text, type TextProps } from '@mantine/core';

export const ROW_BORDER = '1px solid var(--mantine-color-default-border)';

/** An email address that wraps before its '@' on a narrow screen (and anywhere, when it must). */
export function EmailText({ email, ...props }: { email: string } & TextProps) {
  return (
    <Text {...props} style={{ overflowWrap: 'anywhere' }}>
      {email.split('@').map((part, i) => (
        <Fragment key={i}>
          {i > 0 ? (
            <>
              <wbr />@
            </>
          ) : null}
          {part}
        </Fragment>
      ))}
    </Text>
  );
}

/** A row of the team's lists: what it is on the left, its one button on the right. */
export function TeamRow({ children, action }: { children: ReactNode; action: ReactNode }) {
  return (
    <Group component="li" justify="space-between" align="center" wrap="nowrap" gap="sm" py="xs" style={{ borderTop: ROW_BORDER }}>
      <Stack gap={0} style={{ minWidth: 0 }}>
        {children}
      </Stack>
      {action}
    </Group>
  );
}
