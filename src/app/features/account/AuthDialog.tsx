import { useState } from 'react';
import { Box, Group, Modal, Stack, Tabs, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useSnapshot } from 'valtio';
import { AUTH_DIALOG_TEXTS, type AuthAction, type AuthTab } from '@/domain/account/authDialogTexts';
import { AUTH_MESSAGES } from '@/domain/account/authMessages';
import { MOBILE_BREAKPOINT_PX } from '@/domain/core/constants';
import { useProductName } from '@/app/shared/config/useConfig';
import { authDialog, authDialogStore, type AuthNotice } from '@/app/shared/session/authDialogStore';
import { failureMessage } from './authApi';
import { AuthNoticeAlert } from './authParts';
import { SignInForm } from './SignInForm';
import { SignUpWizard, type SignUpStep } from './SignUpWizard';
import { PasswordReset, type ResetStage } from './PasswordReset';
import { t } from '@/app/shared/i18n/language';

function BrandMark() {
  return (
    <Box w={40} h={40} bg="brand.7" style={{ borderRadius: 12, display: 'grid', placeItems: 'center', flex: '0 0 auto' }} aria-hidden>
      <Text c="gold.4" fw={900} fz={22} lh={1}>
        M
      </Text>
    </Box>
  );
}

/** The dialog's inside, mounted afresh at each opening: the opener's tab, no leftover messages or steps. */
function AuthDialogBody() {
  const [tab, setTab] = useState<AuthTab>(authDialogStore.tab);
  const [notice, setNotice] = useState<AuthNotice | null>(authDialogStore.notice);
  const [busy, setBusy] = useState<AuthAction | null>(null);
  const [step, setStep] = useState<SignUpStep>(1);
  const [reset, setReset] = useState<ResetStage | null>(null);
  // The email carried between signing in and the reset screens, so it is typed once.
  const [email, setEmail] = useState('');

  async function run<T>(action: AuthAction, call: () => Promise<T>): Promise<T | null> {
    setBusy(action);
    setNotice(null);
    try {
      return await call();
    } catch (err) {
      setNotice({ kind: 'error', text: await failureMessage(action, err) });
      return null;
    } finally {
      setBusy(null);
    }
  }
  const calls = { busy, run, notify: setNotice };

  // Switching tabs clears messages and resets the reset flow and the wizard (spec 2.4).
  const switchTab = (next: string | null) => {
    if (next !== 'signin' && next !== 'signup') return;
    setTab(next);
    setNotice(null);
    setReset(null);
    setStep(1);
  };

  return (
    <Tabs value={tab} onChange={switchTab} variant="pills" radius="md">
      <Tabs.List grow p={4} bg="gray.1" style={{ borderRadius: 'var(--mantine-radius-md)' }}>
        {(['signin', 'signup'] as const).map((tab) => (
          <Tabs.Tab key={tab} value={tab} disabled={busy !== null} fw={650} py={10}>
            {t(AUTH_DIALOG_TEXTS.tabs[tab])}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      <Stack gap="md" mt="lg">
        <AuthNoticeAlert notice={notice} />
        <Tabs.Panel value="signin">
          {reset ? (
            <PasswordReset
              {...calls}
              stage={reset}
              onStage={setReset}
              initialEmail={email}
              onCancel={() => setReset(null)}
              onDone={(done) => {
                setEmail(done);
                setReset(null);
                setNotice({ kind: 'success', text: AUTH_MESSAGES.passwordResetDone });
              }}
            />
          ) : (
            <SignInForm
              {...calls}
              initialEmail={email}
              onForgotPassword={(typed) => {
                setEmail(typed);
                setNotice(null);
                setReset('email');
              }}
            />
          )}
        </Tabs.Panel>
        <Tabs.Panel value="signup">
          <SignUpWizard {...calls} step={step} onStep={setStep} />
        </Tabs.Panel>
      </Stack>
    </Tabs>
  );
}

/** The one auth dialog (spec 2.4), mounted once in the shell and opened through `authDialog.open()`. */
export function AuthDialog() {
  const { opened, openings, audience } = useSnapshot(authDialogStore);
  const product = useProductName();
  const phone = useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`);
  const title = audience === 'buyer' ? t(AUTH_DIALOG_TEXTS.buyerTitle) : AUTH_DIALOG_TEXTS.title(product, t);
  return (
    <Modal.Root opened={opened} onClose={authDialog.close} size={460} fullScreen={!!phone} centered radius="lg" zIndex={300}>
      <Modal.Overlay backgroundOpacity={0.55} blur={3} />
      <Modal.Content>
        <Modal.Header px="lg" pt="lg" pb="xs" style={{ alignItems: 'flex-start' }}>
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <BrandMark />
            <div>
              <Modal.Title fw={800} fz={20} lh={1.25}>
                {title}
              </Modal.Title>
              <Text fz="sm" c="dimmed" mt={4}>
                {t(AUTH_DIALOG_TEXTS.subtitle[audience])}
              </Text>
            </div>
          </Group>
          <Modal.CloseButton aria-label={t(/*i18n*/ 'Close')} />
        </Modal.Header>
        <Modal.Body px="lg" pb="lg">
          <AuthDialogBody key={openings} />
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
