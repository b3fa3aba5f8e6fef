import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { HTTPError } from 'ky';
import { Alert, Button, Group, Modal, Text } from '@mantine/core';
import { SIGN_OUT_EVERYWHERE_TEXTS as T } from '@/domain/account/signOutTexts';
import { AUTH_MESSAGES } from '@/domain/account/authMessages';
import { logoutAll } from './authApi';
import { authDialog, signOutEverywhereDialog, signOutEverywhereStore } from '@/app/shared/session/authDialogStore';
import { signOut } from '@/app/shared/session/session';
import { t } from '@/app/shared/i18n/language';

/**
 * "Sign out on all devices": asks first, then revokes every token of the account on the server and
 * signs this device out. Other devices are signed out at their next call that needs the account.
 */
export default function SignOutEverywhere() {
  const { opened } = useSnapshot(signOutEverywhereStore);
  const onClose = signOutEverywhereDialog.close;
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const close = () => {
    setFailed(false);
    onClose();
  };
  const confirm = async () => {
    setBusy(true);
    setFailed(false);
    try {
      const answer = await logoutAll();
      onClose();
      signOut();
      authDialog.open('signin', { notice: { kind: 'success', text: answer.message || AUTH_MESSAGES.signedOutEverywhere } });
    } catch (err) {
      // A 401 means this token was revoked already: the API client has signed this device out.
      if (err instanceof HTTPError && err.response.status === 401) onClose();
      else setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened={opened} onClose={close} title={t(T.title)} centered>
      <Text fz="sm">{t(T.body)}</Text>
      {failed ? (
        <Alert color="red" mt="md" role="alert">
          {t(T.failed)}
        </Alert>
      ) : null}
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={close} disabled={busy}>
          {t(T.cancel)}
        </Button>
        <Button color="red" onClick={() => void confirm()} loading={busy}>
          {t(T.confirm)}
        </Button>
      </Group>
    </Modal>
  );
}
