import { useId, type ReactNode } from 'react';
import { CloseButton, Group, Paper, Portal, Stack, Text, Transition, type MantineColor } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { MOBILE_BREAKPOINT_PX } from '@/domain/core/constants';

/**
 * The card the install and notification prompts of spec section 4 share: at the foot of the screen
 * (full width on phones, a 400 px card at the right elsewhere), blocking nothing, sliding up. A
 * non-modal dialog named by its title and described by its text; Escape and the close button call
 * `onClose`. `data` marks the card for tests and styles (its prompt and state).
 */
export function PromptCard({
  opened,
  data,
  icon,
  title,
  text,
  textColor = 'dark.6',
  textRole,
  closeLabel,
  onClose,
  children,
}: {
  opened: boolean;
  data: Record<`data-${string}`, string>;
  icon: ReactNode;
  title: ReactNode;
  text: ReactNode;
  textColor?: MantineColor;
  textRole?: 'status';
  closeLabel: string;
  onClose: () => void;
  /** What follows the heading: steps, then the buttons. */
  children: ReactNode;
}) {
  const phone = useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`, true, { getInitialValueInEffect: false });
  const titleId = useId();
  const textId = useId();
  return (
    <Portal>
      <Transition mounted={opened} transition="slide-up" duration={220}>
        {(style) => (
          <Paper
            role="dialog"
            aria-modal={false}
            aria-labelledby={titleId}
            aria-describedby={textId}
            {...data}
            onKeyDown={(e) => {
              if (e.key === 'Escape') onClose();
            }}
            shadow="xl"
            radius="lg"
            p="md"
            withBorder
            pos="fixed"
            style={{
              ...style,
              zIndex: 150,
              bottom: 'calc(12px + env(safe-area-inset-bottom))',
              ...(phone ? { left: 12, right: 12 } : { right: 24, bottom: 24, width: 400 }),
            }}
          >
            <Stack gap="sm">
              <Group gap="sm" wrap="nowrap" align="flex-start">
                {icon}
                <Stack gap={2} style={{ flex: 1 }}>
                  <Text id={titleId} component="h2" fw={750} fz="md" m={0}>
                    {title}
                  </Text>
                  <Text id={textId} fz="sm" c={textColor} lh={1.5} role={textRole}>
                    {text}
                  </Text>
                </Stack>
                <CloseButton aria-label={closeLabel} onClick={onClose} mt={-4} mr={-4} />
              </Group>
              {children}
            </Stack>
          </Paper>
        )}
      </Transition>
    </Portal>
  );
}
