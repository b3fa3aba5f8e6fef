import type { ReactNode } from 'react';
import { Box, Button, CloseButton, Group, Image, List, Paper, Portal, Stack, Text, ThemeIcon, Transition } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useSnapshot } from 'valtio';
import { MOBILE_BREAKPOINT_PX } from '../../domain/constants';
import { isIos } from '../../domain/consent';
import { useProductName } from '../config/useConfig';
import { dismissInstall, promptsStore } from './promptsStore';

const TITLE_ID = 'install-prompt-title';
const TEXT_ID = 'install-prompt-text';

/** Safari's share glyph (a box with an arrow up), as the user will see it in the toolbar. */
function ShareGlyph() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden>
      <path d="M12 3v12M8 7l4-4 4 4" />
      <path d="M6 11H5a1 1 0 0 0-1 1v8a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-8a1 1 0 0 0-1-1h-1" />
    </svg>
  );
}

/** The "Add to Home Screen" glyph: a rounded square with a plus. */
function AddGlyph() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden>
      <rect x="3" y="3" width="18" height="18" rx="4" />
      <path d="M12 8v8M8 12h8" />
    </svg>
  );
}

function Step({ n, children }: { n: number; children: ReactNode }) {
  return (
    <List.Item
      icon={
        <ThemeIcon size={22} radius="xl" color="brand" variant="light" aria-hidden>
          <Text fz={12} fw={700}>
            {n}
          </Text>
        </ThemeIcon>
      }
    >
      <Text fz="sm" lh={1.5}>
        {children}
      </Text>
    </List.Item>
  );
}

function Glyph({ children }: { children: ReactNode }) {
  return (
    <Box component="span" c="brand.7" style={{ display: 'inline-flex', verticalAlign: '-3px', margin: '0 2px' }}>
      {children}
    </Box>
  );
}

/**
 * "Install Motokari" (spec section 4): on iPhone and iPad the steps to add it by hand, elsewhere the
 * browser's own install prompt behind an Install button. A card at the foot of the screen that
 * blocks nothing; "Not now" and the close button remember the dismissal for 7 days.
 */
export function InstallPrompt() {
  const { installOpen } = useSnapshot(promptsStore);
  const name = useProductName();
  const phone = useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`, true, { getInitialValueInEffect: false });
  const ios = isIos(navigator.userAgent, navigator.maxTouchPoints);

  const install = async () => {
    const event = promptsStore.installEvent;
    if (!event) return;
    // The browser's prompt can be shown once per event: after this a new event is needed.
    promptsStore.installEvent = null;
    promptsStore.installOpen = false;
    await event.prompt();
    const choice = await event.userChoice;
    if (choice?.outcome === 'dismissed') dismissInstall();
  };

  return (
    <Portal>
      <Transition mounted={installOpen} transition="slide-up" duration={220}>
        {(style) => (
          <Paper
            role="dialog"
            aria-modal={false}
            aria-labelledby={TITLE_ID}
            aria-describedby={TEXT_ID}
            data-install-prompt={ios ? 'ios' : 'browser'}
            onKeyDown={(e) => {
              if (e.key === 'Escape') dismissInstall();
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
                <Image src="/icons/icon-192.png" alt="" w={48} h={48} radius="md" />
                <Stack gap={2} style={{ flex: 1 }}>
                  <Text id={TITLE_ID} component="h2" fw={750} fz="md" m={0}>
                    Install {name}
                  </Text>
                  <Text id={TEXT_ID} fz="sm" c="dark.6" lh={1.5}>
                    {ios
                      ? `Add ${name} to your Home Screen: it opens full screen, like an app, and searches saved listings with no signal.`
                      : `Get ${name} on your home screen: it opens like an app and searches saved listings with no signal.`}
                  </Text>
                </Stack>
                <CloseButton aria-label="Close" onClick={() => dismissInstall()} mt={-4} mr={-4} />
              </Group>

              {ios ? (
                <List spacing={6} center aria-label={`How to add ${name} to your Home Screen`}>
                  <Step n={1}>
                    Tap <Glyph>
                      <ShareGlyph />
                    </Glyph>{' '}
                    <b>Share</b> in Safari&apos;s toolbar.
                  </Step>
                  <Step n={2}>
                    Scroll down and tap <Glyph>
                      <AddGlyph />
                    </Glyph>{' '}
                    <b>Add to Home Screen</b>.
                  </Step>
                  <Step n={3}>
                    Tap <b>Add</b>.
                  </Step>
                </List>
              ) : null}

              <Group gap="sm" justify="flex-end">
                <Button variant={ios ? 'light' : 'subtle'} onClick={() => dismissInstall()}>
                  Not now
                </Button>
                {ios ? null : <Button onClick={() => void install()}>Install</Button>}
              </Group>
            </Stack>
          </Paper>
        )}
      </Transition>
    </Portal>
  );
}
