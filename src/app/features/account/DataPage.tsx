import { useEffect, useState } from 'react';
import { Button, Card, Checkbox, Group, Radio, Select, SimpleGrid, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import { useSnapshot } from 'valtio';
import { REGIONS, VEHICLE_TYPES, type VehicleType } from '@/domain/core/constants';
import { DATA_SCREEN_TEXTS as T, DATA_TYPE_LABELS, dataSizeText } from '@/domain/content/dataScreenTexts';
import { mayUpdateNow } from '@/domain/content/dataSaver';
import { SCOPE_DISTANCES_KM, WHOLE_COUNTRY, type MirrorScope } from '@/domain/search/scope';
import type { DataStatus } from '@/domain/search/deviceCopy';
import { locationStore } from '@/app/shared/location/locationStore';
import { Page } from '@/app/shared/shell/Page';
import { syncedAtText } from '@/app/shared/shell/syncedAt';
import { dataSaverStore, useConnection } from '@/app/shared/sync/dataSaver';
import { loadPrefs, savePrefs } from '@/app/shared/sync/dataPrefs';
import { listingsWorker } from '@/app/shared/sync/searchClient';
import { syncNow, syncStore } from '@/app/shared/sync/syncStore';
import { currentLanguage, t } from '@/app/shared/i18n/language';

type Kind = 'all' | 'types' | 'regions' | 'near';

interface Draft {
  kind: Kind;
  types: VehicleType[];
  regions: string[];
  km: number;
  wifiOnly: boolean;
  saveData: boolean;
}

const DEFAULT_KM = 100;

function draftOf(prefs: DataStatus['prefs']): Draft {
  const { scope } = prefs;
  const kind: Kind = scope.near ? 'near' : scope.regions ? 'regions' : scope.types ? 'types' : 'all';
  return { kind, types: [...(scope.types ?? [])], regions: [...(scope.regions ?? [])], km: scope.near?.km ?? DEFAULT_KM, wifiOnly: prefs.wifiOnly, saveData: prefs.saveData };
}

/** The scope a draft chooses; null while it is not a valid choice (no type or region ticked, no location). */
function scopeOf(d: Draft, position: { latitude: number; longitude: number } | null): MirrorScope | null {
  switch (d.kind) {
    case 'all':
      return WHOLE_COUNTRY;
    case 'types':
      return d.types.length ? { types: VEHICLE_TYPES.filter((type) => d.types.includes(type)), regions: null, near: null } : null;
    case 'regions':
      return d.regions.length ? { types: null, regions: REGIONS.filter((r) => d.regions.includes(r)), near: null } : null;
    case 'near':
      return position ? { types: null, regions: null, near: { latitude: position.latitude, longitude: position.longitude, km: d.km } } : null;
  }
}

/** One line of what the device holds: a label and its value. */
function Fact({ label, value }: { label: string; value: string | null }) {
  return (
    <Stack gap={2}>
      <Text fz="sm" c="dimmed">
        {label}
      </Text>
      {value === null ? (
        <Skeleton h={24} w={120} />
      ) : (
        <Text fw={700} fz="lg">
          {value}
        </Text>
      )}
    </Stack>
  );
}

/** How many listings the device holds, the space they take, what the last update downloaded; and Update now. */
function Held({ status }: { status: DataStatus | null }) {
  const { online, syncing } = useSnapshot(syncStore);
  const { connection, prefs } = useSnapshot(dataSaverStore);
  const last = status?.lastUpdate;
  const language = currentLanguage();
  const size = status ? (status.bytesOnDevice === null ? t(T.sizeUnknown) : dataSizeText(status.bytesOnDevice, language)) : null;
  const lastText = status ? (last ? T.lastUpdate(dataSizeText(last.bytes, language), syncedAtText(new Date(last.at), language), t) : t(T.noUpdateYet)) : null;
  const waiting = online && !mayUpdateNow(prefs, connection);
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="data-held">
      <Title order={2} fz="h4" id="data-held" mb="md">
        {t(T.heldHeading)}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
        <Fact label={t(T.listingsLabel)} value={status ? T.listings(status.count, t, language) : null} />
        <Fact label={t(T.sizeLabel)} value={size} />
        <Fact label={t(T.lastUpdateLabel)} value={lastText} />
      </SimpleGrid>
      <Group mt="lg" gap="sm" align="center">
        <Button variant="light" onClick={() => void syncNow()} loading={syncing} disabled={!online}>
          {t(T.updateNow)}
        </Button>
        {!online ? (
          <Text fz="sm" c="dimmed">
            {t(T.offline)}
          </Text>
        ) : waiting ? (
          <Text fz="sm" c="dimmed">
            {t(T.waitingForWifi)}
          </Text>
        ) : null}
      </Group>
    </Card>
  );
}

function Choices({ initial, onSaved }: { initial: Draft; onSaved: () => void }) {
  const [draft, setDraft] = useState(initial);
  const [state, setState] = useState<'idle' | 'saving' | 'saved' | 'failed'>('idle');
  const location = useSnapshot(locationStore);
  const { metering, browserSaveData } = useConnection();
  const known = location.source !== 'default';
  const position = known ? location.position : null;
  const scope = scopeOf(draft, position);
  const change = (patch: Partial<Draft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setState('idle');
  };
  const save = async () => {
    if (!scope) return;
    setState('saving');
    try {
      await savePrefs({ scope, wifiOnly: draft.wifiOnly, saveData: draft.saveData });
    } catch (err) {
      console.warn('data preferences not saved', err);
      setState('failed');
      return;
    }
    setState('saved');
    onSaved();
    void syncNow().then(onSaved);
  };
  const nearText = location.source === 'account' ? (location.place ? T.nearPlace(location.place, t) : t(T.nearAccount)) : t(T.nearDevice);
  const problem = scope ? null : draft.kind === 'types' ? t(T.pickOneType) : draft.kind === 'regions' ? t(T.pickOneRegion) : t(T.noLocation);
  return (
    <Stack gap="lg">
      <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="data-keep">
        <Radio.Group
          value={draft.kind}
          onChange={(v) => change({ kind: v as Kind })}
          label={
            <Title order={2} fz="h4" id="data-keep" mb="xs">
              {t(T.keepHeading)}
            </Title>
          }
        >
          <Stack gap="sm" mt="xs">
            <Radio value="all" label={t(T.wholeCountry)} />
            <Radio value="types" label={t(T.someTypes)} />
            {draft.kind === 'types' ? (
              <Checkbox.Group value={draft.types} onChange={(v) => change({ types: v as VehicleType[] })} label={t(T.typesLabel)} pl={32} error={draft.types.length ? undefined : t(T.pickOneType)}>
                <Stack gap={8} mt={6}>
                  {VEHICLE_TYPES.map((type) => (
                    <Checkbox key={type} value={type} label={t(DATA_TYPE_LABELS[type])} />
                  ))}
                </Stack>
              </Checkbox.Group>
            ) : null}
            <Radio value="regions" label={t(T.someRegions)} />
            {draft.kind === 'regions' ? (
              <Checkbox.Group value={draft.regions} onChange={(v) => change({ regions: v })} label={t(T.regionsLabel)} pl={32} error={draft.regions.length ? undefined : t(T.pickOneRegion)}>
                <SimpleGrid cols={{ base: 1, xs: 2 }} spacing={8} verticalSpacing={8} mt={6}>
                  {REGIONS.map((r) => (
                    <Checkbox key={r} value={r} label={r} />
                  ))}
                </SimpleGrid>
              </Checkbox.Group>
            ) : null}
            <Radio value="near" label={t(T.nearMe)} disabled={!known} description={known ? nearText : t(T.noLocation)} />
            {draft.kind === 'near' && known ? (
              <Select
                pl={32}
                maw={280}
                label={t(T.distanceLabel)}
                data={SCOPE_DISTANCES_KM.map((km) => ({ value: String(km), label: T.distanceOption(km, t) }))}
                value={String(draft.km)}
                onChange={(v) => v && change({ km: Number(v) })}
                allowDeselect={false}
              />
            ) : null}
          </Stack>
        </Radio.Group>
      </Card>
      <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="data-updates">
        <Radio.Group
          value={draft.wifiOnly ? 'wifi' : 'any'}
          onChange={(v) => change({ wifiOnly: v === 'wifi' })}
          label={
            <Title order={2} fz="h4" id="data-updates" mb="xs">
              {t(T.updatesHeading)}
            </Title>
          }
        >
          <Stack gap="sm" mt="xs">
            <Radio value="any" label={t(T.anyConnection)} />
            <Radio value="wifi" label={t(T.wifiOnly)} description={draft.wifiOnly && metering === 'unknown' ? t(T.wifiUnknown) : undefined} />
          </Stack>
        </Radio.Group>
        <Switch
          mt="xl"
          size="md"
          label={t(T.saveDataLabel)}
          description={browserSaveData ? `${t(T.saveDataDescription)} ${t(T.browserSavesData)}` : t(T.saveDataDescription)}
          checked={draft.saveData || browserSaveData}
          disabled={browserSaveData}
          onChange={(e) => change({ saveData: e.currentTarget.checked })}
        />
      </Card>
      <Group gap="md" align="center">
        <Button size="md" onClick={() => void save()} loading={state === 'saving'} disabled={!scope}>
          {t(T.save)}
        </Button>
        <Text fz="sm" c={state === 'failed' || problem ? 'red.8' : 'dimmed'} role="status">
          {state === 'saved' ? t(T.saved) : state === 'failed' ? t(T.saveFailed) : (problem ?? '')}
        </Text>
      </Group>
    </Stack>
  );
}

/** /data: what the device holds of the listings and the person's choice of what to keep and when to update. */
export default function DataPage() {
  const [status, setStatus] = useState<DataStatus | null>(null);
  const { version, count, syncing } = useSnapshot(syncStore);
  const [initial, setInitial] = useState<Draft | null>(null);
  const refresh = () => {
    listingsWorker.dataStatus().then(setStatus, (err: unknown) => console.warn('data status not read', err));
  };
  // Read again whenever an update changes what the device holds.
  useEffect(refresh, [version, count, syncing]);
  useEffect(() => {
    // The choice as stored, or as saved since (the store follows each save).
    void loadPrefs().then(() => setInitial(draftOf(dataSaverStore.prefs)));
  }, []);
  return (
    <Page title={t(T.title)} subtitle={t(T.subtitle)} size="md">
      <Stack gap="lg">
        <Held status={status} />
        {initial ? <Choices initial={initial} onSaved={refresh} /> : <Skeleton h={320} radius="md" />}
      </Stack>
    </Page>
  );
}
