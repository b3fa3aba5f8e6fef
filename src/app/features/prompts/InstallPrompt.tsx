import { Fragment, type ReactNode } from 'react';
import { Box, Button, Group, Image, List, Text, ThemeIcon } from '@mantine/core';
import { useSnapshot } from 'valtio';
import { isIos } from '@/domain/account/consent';
import { useProductName } from '@/app/shared/config/useConfig';
import { dismissInstall, promptsStore } from '@/app/shared/prompts/promptsStore';
import { PromptCard } from '@/app/shared/prompts/PromptCard';
import { t } from '@/app/shared/i18n/language';

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

/** A text whose {name} placeholders are elements (a glyph, a button's name): the text in the app's language, split around them. */
function Rich({ text, parts }: { text: string; parts: Record<string, ReactNode> }) {
  const template = t(text, Object.fromEntries(Object.keys(parts).map((k) => [k, `{${k}}`])));
  return <>{template.split(/\{(\w+)\}/).map((s, i) => (i % 2 ? <Fragment key={i}>{parts[s]}</Fragment> : s))}</>;
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
    <PromptCard
      opened={installOpen}
      data={{ 'data-install-prompt': ios ? 'ios' : 'browser' }}
      icon={<Image src="/icons/icon-192.png" alt="" w={48} h={48} radius="md" />}
      title={t(/*i18n*/ 'Install {name}', { name })}
      text={
        ios
          ? t(/*i18n*/ 'Add {name} to your Home Screen: it opens full screen, like an app, and searches saved listings with no signal.', { name })
          : t(/*i18n*/ 'Get {name} on your home screen: it opens like an app and searches saved listings with no signal.', { name })
      }
      closeLabel={t(/*i18n*/ 'Close')}
      onClose={() => dismissInstall()}
    >
      {ios ? (
        <List spacing={6} center aria-label={t(/*i18n*/ 'How to add {name} to your Home Screen', { name })}>
          <Step n={1}>
            <Rich
              text={/*i18n*/ "Tap {icon} {share} in Safari's toolbar."}
              parts={{
                icon: (
                  <Glyph>
                    <ShareGlyph />
                  </Glyph>
                ),
                share: <b>Share</b>,
              }}
            />
          </Step>
          <Step n={2}>
            <Rich
              text={/*i18n*/ 'Scroll down and tap {icon} {add}.'}
              parts={{
                icon: (
                  <Glyph>
                    <AddGlyph />
                  </Glyph>
                ),
                add: <b>Add to Home Screen</b>,
              }}
            />
          </Step>
          <Step n={3}>
            <Rich text={/*i18n*/ 'Tap {add}.'} parts={{ add: <b>Add</b> }} />
          </Step>
        </List>
      ) : null}

      <Group gap="sm" justify="flex-end">
        <Button variant={ios ? 'light' : 'subtle'} onClick={() => dismissInstall()}>
          {t(/*i18n*/ 'Not now')}
        </Button>
        {ios ? null : <Button onClick={() => void install()}>{t(/*i18n*/ 'Install')}</Button>}
      </Group>
    </PromptCard>
  );
}
