import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { Alert, Badge, Button, Card, Group, Radio, SimpleGrid, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import { GATE_TEXTS } from '@/domain/account/authDialogTexts';
import { NOTIFICATION_PROMPT_TEXTS, SAVED_SEARCH_TEXTS as T } from '@/domain/account/notifications';
import { EMAIL_ALERT_TEXTS as E, EMAIL_FREQUENCIES, type EmailFrequency } from '@/domain/account/emailAlerts';
import { authDialog } from '@/app/shared/session/authDialogStore';
import { useSession } from '@/app/shared/session/session';
import { Page } from '@/app/shared/shell/Page';
import { EmptyState } from '@/app/shared/EmptyState';
import { currentPermission } from './pushGate';
import { enableNotifications } from './pushClient';
import { deleteSavedSearch, listSavedSearches, updateSavedSearch, type SavedSearch } from './savedSearchApi';
import { savedSearchParts, savedSearchPath, savedSearchTypeLabel } from './savedSearchText';
import { problemDetail } from '@/app/shared/problemDetail';
import { t } from '@/app/shared/i18n/language';

function BookmarkGlyph({ size = 26 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden>
      <path d="M19 21l-7-5-7 5V5a2 2 0 0 1 2-2h10a2 2 0 0 1 2 2z" />
    </svg>
  );
}

/** Whether this device can receive the matches, and a way to turn that on. */
function DeviceNotifications() {
  const [permission, setPermission] = useState(currentPermission);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (permission === 'granted' && !problem) return null;
  if (permission === 'unsupported') {
    return (
      <Alert color="gray" variant="light">
        {t(NOTIFICATION_PROMPT_TEXTS.unsupported)}
      </Alert>
    );
  }
  if (permission === 'denied') {
    return (
      <Alert color="gold" variant="light">
        {t(T.notificationsBlocked)}
      </Alert>
    );
  }
  const turnOn = async () => {
    setBusy(true);
    const outcome = await enableNotifications();
    setBusy(false);
    setPermission(currentPermission());
    setProblem(outcome === 'failed' ? t(NOTIFICATION_PROMPT_TEXTS.registerFailed) : null);
  };
  return (
    <Alert color={problem ? 'red' : 'brand'} variant="light" role="status">
      <Group justify="space-between" gap="sm">
        <Text fz="sm" style={{ flex: '1 1 240px' }}>
          {problem ?? t(T.notificationsOff)}
        </Text>
        {problem ? null : (
          <Button size="xs" onClick={() => void turnOn()} loading={busy}>
            {t(T.turnOn)}
          </Button>
        )}
      </Group>
    </Alert>
  );
}

/** Email alerts as well as push (issue 20): on or off, and an email per match or a daily digest. */
function EmailChoice({ search, onChange }: { search: SavedSearch; onChange(patch: Partial<Pick<SavedSearch, 'email' | 'email_frequency'>>): void }) {
  return (
    <Stack gap={6}>
      <Switch checked={search.email} onChange={(e) => onChange({ email: e.currentTarget.checked })} label={t(E.emailSwitch)} />
      {search.email ? (
        <Radio.Group value={search.email_frequency} onChange={(v) => onChange({ email_frequency: v as EmailFrequency })} label={t(E.frequencyLabel)} size="sm">
          <Group gap="md" mt={4}>
            {EMAIL_FREQUENCIES.map((f) => (
              <Radio key={f} value={f} label={t(E.frequencies[f])} />
            ))}
          </Group>
        </Radio.Group>
      ) : null}
    </Stack>
  );
}

function SavedSearchCard({ search, onChange, onDelete }: { search: SavedSearch; onChange(s: SavedSearch): void; onDelete(): void }) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const parts = savedSearchParts(search.query, t);
  const change = async (patch: Partial<Pick<SavedSearch, 'notify' | 'email' | 'email_frequency'>>) => {
    setProblem(null);
    onChange({ ...search, ...patch });
    try {
      onChange(await updateSavedSearch(search.id, patch));
    } catch (err) {
      onChange(search);
      setProblem(await problemDetail(err, t(T.changeFailed)));
    }
  };
  const toggle = (notify: boolean) => change({ notify });
  const remove = async () => {
    setBusy(true);
    setProblem(null);
    try {
      await deleteSavedSearch(search.id);
      onDelete();
    } catch (err) {
      setBusy(false);
      setProblem(await problemDetail(err, t(T.changeFailed)));
    }
  };
  return (
    <Card padding="lg" withBorder radius="md" component="article" aria-label={search.name}>
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Title order={2} fz="lg" lh={1.3} style={{ overflowWrap: 'anywhere' }}>
            {search.name}
          </Title>
          <Badge variant="light" color="gray" style={{ flexShrink: 0 }}>
            {t(savedSearchTypeLabel(search.query))}
          </Badge>
        </Group>
        <Group gap={6}>
          {parts.length ? (
            parts.map((p) => (
              <Badge key={p} variant="outline" color="brand" radius="sm" tt="none" fw={500}>
                {p}
              </Badge>
            ))
          ) : (
            <Text fz="sm" c="dimmed">
              {t(T.anyVehicle)}
            </Text>
          )}
        </Group>
        <Switch checked={search.notify} onChange={(e) => void toggle(e.currentTarget.checked)} label={t(T.notify)} mt="auto" />
        <EmailChoice search={search} onChange={(patch) => void change(patch)} />
        {problem ? (
          <Text fz="sm" c="red.8" role="alert">
            {problem}
          </Text>
        ) : null}
        <Group justify="space-between" gap="xs">
          <Button variant="subtle" color="red" onClick={() => void remove()} loading={busy} aria-label={t(/*i18n*/ 'Delete {name}', { name: search.name })}>
            {t(T.remove)}
          </Button>
          <Button component={Link} to={savedSearchPath(search.query)}>
            {t(T.open)}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function SavedSearchList() {
  const [items, setItems] = useState<SavedSearch[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const { user } = useSession();
  const userId = user?.id;

  useEffect(() => {
    const controller = new AbortController();
    setFailed(false);
    listSavedSearches(controller.signal)
      .then(setItems)
      .catch((err: unknown) => {
        if (controller.signal.aborted) return;
        console.warn('saved searches not loaded', err);
        setFailed(true);
      });
    return () => controller.abort();
  }, [userId, attempt]);

  const change = useCallback((s: SavedSearch) => setItems((list) => list?.map((x) => (x.id === s.id ? s : x)) ?? null), []);

  if (failed) {
    return (
      <Alert color="red" variant="light" title={t(T.loadFailed)}>
        <Button mt="xs" size="xs" variant="light" color="red" onClick={() => setAttempt((a) => a + 1)}>
          {t(T.retry)}
        </Button>
      </Alert>
    );
  }
  if (!items) {
    return (
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" aria-busy>
        {[0, 1].map((i) => (
          <Skeleton key={i} h={190} radius="md" />
        ))}
      </SimpleGrid>
    );
  }
  if (!items.length) {
    return <EmptyState icon={<BookmarkGlyph />} title={t(T.empty)} hint={t(T.emptyHint)} action={{ label: t(T.browse), to: '/cars' }} />;
  }
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      {items.map((s) => (
        <SavedSearchCard key={s.id} search={s} onChange={change} onDelete={() => setItems((list) => list?.filter((x) => x.id !== s.id) ?? null)} />
      ))}
    </SimpleGrid>
  );
}

/** /saved-searches: the buyer's saved searches, each opened in one tap, with alerts on or off. */
export default function SavedSearchesPage() {
  const { signedIn } = useSession();
  return (
    <Page title={t(T.pageTitle)} subtitle={t(T.pageSubtitle)}>
      {signedIn ? (
        <Stack gap="lg">
          <DeviceNotifications />
          <SavedSearchList />
        </Stack>
      ) : (
        <Card padding="xl" withBorder radius="md">
          <Stack align="center" ta="center" gap="sm">
            <Title order={2}>{t(GATE_TEXTS.signInRequired)}</Title>
            <Text c="dimmed">{t(T.signInRequired)}</Text>
            <Button size="md" mt="xs" onClick={() => authDialog.open('signin')}>
              {t(GATE_TEXTS.signInToContinue)}
            </Button>
          </Stack>
        </Card>
      )}
    </Page>
  );
}
