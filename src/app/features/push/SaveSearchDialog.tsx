import { Link } from 'react-router-dom';
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { ACCOUNT_NAV_TEXTS } from '@/domain/account/authTexts';
import { SAVED_SEARCH_NAME_MAX, SAVED_SEARCH_TEXTS as T, SAVED_SEARCHES_PATH } from '@/domain/account/notifications';
import type { useSaveSearch } from './useSaveSearch';
import { t } from '@/app/shared/i18n/language';

type SaveSearch = ReturnType<typeof useSaveSearch>;

/** Once saved: the hint, turning notifications on (while the browser has not been asked), and the way to the saved searches. */
function SavedView({ dialog }: { dialog: SaveSearch }) {
  return (
    <Stack gap="md">
      <Text fz="sm">{t(T.dialogHint)}</Text>
      {dialog.mayAsk() ? (
        <Alert color="brand" variant="light" title={t(T.turnOn)}>
          <Text fz="sm">{t(T.notificationsOff)}</Text>
          {dialog.notice ? (
            <Text fz="sm" c="red.8" mt="xs" role="status">
              {dialog.notice}
            </Text>
          ) : null}
          <Button mt="sm" size="xs" onClick={() => void dialog.turnOn()}>
            {t(T.turnOn)}
          </Button>
        </Alert>
      ) : null}
      <Group justify="flex-end">
        <Button variant="default" component={Link} to={SAVED_SEARCHES_PATH}>
          {t(ACCOUNT_NAV_TEXTS.savedSearches)}
        </Button>
        <Button onClick={() => dialog.setOpen(false)}>{t(T.done)}</Button>
      </Group>
    </Stack>
  );
}

/** Before saving: the search's name (a suggested one to start with), the hint, and what went wrong. */
function NameForm({ dialog }: { dialog: SaveSearch }) {
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void dialog.save();
      }}
    >
      <Stack gap="md">
        <TextInput
          label={t(T.nameLabel)}
          value={dialog.name}
          onChange={(e) => dialog.setName(e.currentTarget.value)}
          maxLength={SAVED_SEARCH_NAME_MAX}
          error={dialog.nameError}
          data-autofocus
          required
        />
        <Text fz="sm" c="dimmed">
          {t(T.dialogHint)}
        </Text>
        {dialog.problem ? (
          <Alert color="red" variant="light" role="alert">
            {dialog.problem}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => dialog.setOpen(false)}>
            {t(T.cancel)}
          </Button>
          <Button type="submit" loading={dialog.busy}>
            {t(T.confirm)}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The 'Save this search' dialog: naming the search, then, once saved, what comes next. */
export function SaveSearchDialog({ dialog }: { dialog: SaveSearch }) {
  return (
    <Modal opened={dialog.open} onClose={() => dialog.setOpen(false)} title={t(dialog.saved ? T.saved : T.dialogTitle)} centered>
      {dialog.saved ? <SavedView dialog={dialog} /> : <NameForm dialog={dialog} />}
    </Modal>
  );
}
