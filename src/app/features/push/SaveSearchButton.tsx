import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { Alert, Box, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { ACCOUNT_NAV_TEXTS } from '@/domain/account/authTexts';
import { SAVED_SEARCH_MESSAGES, SAVED_SEARCH_NAME_MAX, SAVED_SEARCH_TEXTS as T, SAVED_SEARCHES_PATH } from '@/domain/account/notifications';
import { useSession } from '@/app/shared/session/session';
import { locationStore } from '@/app/shared/location/locationStore';
import { currentPermission } from './pushGate';
import { enableNotifications } from './pushClient';
import { createSavedSearch, problemText } from './savedSearchApi';
import { suggestedSearchName } from './savedSearchText';
import { useTransitionSnapshot } from '@/app/shared/useTransitionSnapshot';
import type { SaveSearchButtonProps } from '@/app/shared/slots';

function BookmarkGlyph() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden>
      <path d="M19 21l-7-5-7 5V5a2 2 0 0 1 2-2h10a2 2 0 0 1 2 2z" />
    </svg>
  );
}

/**
 * "Save this search" on a results screen, for signed-in users: names the current filters and keeps
 * them on the account, where a new matching listing is pushed to the buyer's devices.
 */
export function SaveSearchButton({ type, fields }: SaveSearchButtonProps) {
  const { signedIn } = useSession();
  const { position } = useTransitionSnapshot(locationStore, (s) => ({ position: s.position }));
  const query = useMemo(() => {
    const q: Record<string, string | number> = { vehicle_type: type };
    // The server drops 'all' and other empty values by the domain's rules; this screen ships no validator.
    for (const [k, v] of Object.entries(fields)) if (v !== undefined && v !== '') q[k] = v;
    // "Within N km" is measured from the buyer: the position goes with the search only then.
    if (q.distance !== undefined) {
      q.buyer_lat = position.latitude;
      q.buyer_lon = position.longitude;
    }
    return q;
  }, [type, fields, position]);
  const key = JSON.stringify(query);
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [nameError, setNameError] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [savedKey, setSavedKey] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const saved = savedKey === key;

  // Other filters are another search: the button offers to save again.
  useEffect(() => setNotice(null), [key]);

  if (!signedIn) return null;

  const start = () => {
    setName(suggestedSearchName(query));
    setNameError(null);
    setProblem(null);
    setNotice(null);
    setOpen(true);
  };

  const save = async () => {
    const trimmed = name.trim();
    setNameError(trimmed ? null : SAVED_SEARCH_MESSAGES.nameRequired);
    setProblem(null);
    if (!trimmed) return;
    setBusy(true);
    try {
      await createSavedSearch({ name: trimmed, query });
      setSavedKey(key);
    } catch (err) {
      setProblem(await problemText(err, T.saveFailed));
    } finally {
      setBusy(false);
    }
  };

  const turnOn = async () => {
    const outcome = await enableNotifications();
    if (outcome === 'failed') setNotice(T.notificationsOff);
    else if (outcome === 'denied') setNotice(T.notificationsBlocked);
    else setOpen(false);
  };

  return (
    <>
      {saved ? (
        <Button variant="light" leftSection={<BookmarkGlyph />} component={Link} to={SAVED_SEARCHES_PATH}>
          {T.saved}
        </Button>
      ) : (
        <Button variant="light" leftSection={<BookmarkGlyph />} onClick={start} aria-label={T.save}>
          {/* Phones get the short label, so it shares a row with Filter and Sort. */}
          <Box component="span" hiddenFrom="xs">
            {T.saveShort}
          </Box>
          <Box component="span" visibleFrom="xs">
            {T.save}
          </Box>
        </Button>
      )}
      <Modal opened={open} onClose={() => setOpen(false)} title={saved ? T.saved : T.dialogTitle} centered>
        {saved ? (
          <Stack gap="md">
            <Text fz="sm">{T.dialogHint}</Text>
            {currentPermission() === 'default' ? (
              <Alert color="brand" variant="light" title={T.turnOn}>
                <Text fz="sm">{T.notificationsOff}</Text>
                {notice ? (
                  <Text fz="sm" c="red.8" mt="xs" role="status">
                    {notice}
                  </Text>
                ) : null}
                <Button mt="sm" size="xs" onClick={() => void turnOn()}>
                  {T.turnOn}
                </Button>
              </Alert>
            ) : null}
            <Group justify="flex-end">
              <Button variant="default" component={Link} to={SAVED_SEARCHES_PATH}>
                {ACCOUNT_NAV_TEXTS.savedSearches}
              </Button>
              <Button onClick={() => setOpen(false)}>{T.done}</Button>
            </Group>
          </Stack>
        ) : (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              void save();
            }}
          >
            <Stack gap="md">
              <TextInput label={T.nameLabel} value={name} onChange={(e) => setName(e.currentTarget.value)} maxLength={SAVED_SEARCH_NAME_MAX} error={nameError} data-autofocus required />
              <Text fz="sm" c="dimmed">
                {T.dialogHint}
              </Text>
              {problem ? (
                <Alert color="red" variant="light" role="alert">
                  {problem}
                </Alert>
              ) : null}
              <Group justify="flex-end">
                <Button variant="default" onClick={() => setOpen(false)}>
                  {T.cancel}
                </Button>
                <Button type="submit" loading={busy}>
                  {T.confirm}
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Modal>
    </>
  );
}
