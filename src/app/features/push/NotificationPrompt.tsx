import { useEffect, useState } from 'react';
import { promptsStore } from '@/app/shared/prompts/promptsStore';
import { Button, Group, ThemeIcon } from '@mantine/core';
import { NOTIFICATION_PROMPT_TEXTS as T } from '@/domain/account/notifications';
import { ACCOUNT_NAV_TEXTS } from '@/domain/account/authTexts';
import { authDialog } from '@/app/shared/session/authDialogStore';
import { currentPermission, rememberNotificationDismissal, usePageBusy } from './pushGate';
import { enableNotifications } from './pushClient';
import { PromptCard } from '@/app/shared/prompts/PromptCard';
import { t } from '@/app/shared/i18n/language';

function BellGlyph() {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden>
      <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
      <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
    </svg>
  );
}

type Step = 'ask' | 'working' | 'signIn' | 'failed';

/**
 * The notification prompt of spec section 4: a card at the foot of the screen that blocks nothing,
 * and stays out of the way of dialogs and forms being filled in.
 * Turn on asks the browser; once granted it registers push and shows a confirmation notification.
 * Anything else closes it, a dismissal kept for 14 days. Browsers without notifications get the spec's alert.
 */
export default function NotificationPrompt() {
  const [open, setOpen] = useState(true);
  const [step, setStep] = useState<Step>('ask');
  // A dialog opened or a form field taken up after it showed: it steps aside until they are done.
  const busy = usePageBusy(open);

  // On screen, the install prompt waits for it (the two never stack at the foot of a phone's screen).
  useEffect(() => {
    promptsStore.notificationOpen = open;
    return () => {
      promptsStore.notificationOpen = false;
    };
  }, [open]);

  const close = (remember: boolean) => {
    if (remember) rememberNotificationDismissal();
    setOpen(false);
  };

  const enable = async () => {
    if (currentPermission() === 'unsupported') {
      window.alert(t(T.unsupported));
      close(true);
      return;
    }
    setStep('working');
    const outcome = await enableNotifications();
    if (outcome === 'onSignedOut') setStep('signIn');
    else if (outcome === 'failed') setStep('failed');
    // Denied is remembered by the browser itself; a dialog closed unanswered counts as "not now".
    else close(outcome === 'dismissed' || outcome === 'unsupported');
  };

  const message = t(step === 'signIn' ? T.signInToReceive : step === 'failed' ? T.registerFailed : T.body);

  return (
    <PromptCard
      opened={open && !busy}
      data={{ 'data-notification-prompt': step }}
      icon={
        <ThemeIcon size={44} radius="md" color="brand" variant="light" aria-hidden>
          <BellGlyph />
        </ThemeIcon>
      }
      title={t(T.title)}
      text={message}
      textColor={step === 'failed' ? 'red.8' : 'dark.6'}
      textRole={step === 'ask' ? undefined : 'status'}
      closeLabel={t(T.close)}
      onClose={() => close(step === 'ask')}
    >
      <Group gap="sm" justify="flex-end">
        {step === 'ask' || step === 'working' ? (
          <>
            <Button variant="subtle" onClick={() => close(true)} disabled={step === 'working'}>
              {t(T.later)}
            </Button>
            <Button onClick={() => void enable()} loading={step === 'working'} loaderProps={{ type: 'dots' }}>
              {t(T.enable)}
            </Button>
          </>
        ) : step === 'signIn' ? (
          <>
            <Button variant="subtle" onClick={() => close(false)}>
              {t(T.close)}
            </Button>
            <Button
              onClick={() => {
                close(false);
                authDialog.open('signin');
              }}
            >
              {t(ACCOUNT_NAV_TEXTS.signIn)}
            </Button>
          </>
        ) : (
          <Button variant="light" onClick={() => close(false)}>
            {t(T.close)}
          </Button>
        )}
      </Group>
    </PromptCard>
  );
}
