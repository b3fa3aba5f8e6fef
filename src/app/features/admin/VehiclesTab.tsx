import { Link } from 'react-router-dom';
import { Anchor, Badge, Button, Card, Group, Image, ScrollArea, Skeleton, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { PLACEHOLDER_IMAGE, type VehicleType } from '@/domain/core/constants';
import { ADMIN_VEHICLE_ROWS, ADMIN_VEHICLE_SCROLL_PX } from '@/domain/core/screenChoices';
import { ADMIN_TEXTS as T, USER_TYPE_LABELS, vehicleDetails } from '@/domain/account/admin';
import { priceText, titleOf } from '@/domain/listing/display';
import { listingStatus, type ListingStatus, type Vehicle } from '@/domain/listing/vehicle';
import { cardPhotoUrl } from '@/domain/listing/photos';
import { LoadFailed, shortDate, TabHeader } from './adminParts';
import { DeleteConfirmPanel, TrashIcon, useVehicleDelete } from './vehicleDelete';
import { usePhone, type Loaded } from './useAdminLoad';
import { t } from '@/app/shared/i18n/language';

export interface AdminVehicles {
  items: Vehicle[];
  total: number;
}

const STATUS_COLORS: Record<ListingStatus, string> = { Active: 'brand', Pending: 'gray', Expired: 'red', Sold: 'dark' };
/** The status and the vehicle type as the table shows them (translated when drawn). */
const STATUS_TEXTS: Record<ListingStatus, string> = { Active: /*i18n*/ 'Active', Pending: /*i18n*/ 'Pending', Expired: /*i18n*/ 'Expired', Sold: /*i18n*/ 'Sold' };
const TYPE_TEXTS: Record<VehicleType, string> = { car: /*i18n*/ 'Car', construction: /*i18n*/ 'Construction', farming: /*i18n*/ 'Farming' };
const COLUMNS = 7;

function StatusBadge({ vehicle }: { vehicle: Vehicle }) {
  const status = listingStatus(vehicle);
  return (
    <Badge color={STATUS_COLORS[status]} variant="light" size="sm" style={{ minWidth: 'fit-content' }}>
      {t(STATUS_TEXTS[status])}
    </Badge>
  );
}

function DeleteButton({ vehicle, onClick, fullWidth }: { vehicle: Vehicle; onClick(): void; fullWidth?: boolean }) {
  return (
    <Button size="xs" color="red" variant="light" leftSection={<TrashIcon size={14} />} aria-label={T.deleteListingNamed(vehicleDetails(vehicle), t)} onClick={onClick} fullWidth={fullWidth}>
      {t(T.deleteListing)}
    </Button>
  );
}

function ListingTitle({ vehicle: v }: { vehicle: Vehicle }) {
  return (
    <>
      <Anchor component={Link} to={`/car/${v.id}`} fw={600} fz="sm" lineClamp={2}>
        {titleOf(v)}
      </Anchor>
      <Group gap={6} mt={2}>
        <Text fz="xs" c="dimmed">
          {t(TYPE_TEXTS[v.vehicle_type])}
        </Text>
        {v.featured ? (
          <Badge color="gold" c="dark" size="xs">
            {t(/*i18n*/ 'Featured')}
          </Badge>
        ) : null}
      </Group>
    </>
  );
}

function VehicleRow({ vehicle: v, onDeleted }: { vehicle: Vehicle; onDeleted(id: string): void }) {
  const del = useVehicleDelete(v, () => onDeleted(v.id));
  return (
    <>
      <Table.Tr bg={del.phase === 'idle' ? undefined : 'red.0'}>
        <Table.Td w={76}>
          <Image src={cardPhotoUrl(v.images[0])} alt="" w={64} h={48} radius="sm" fit="cover" fallbackSrc={PLACEHOLDER_IMAGE} loading="lazy" />
        </Table.Td>
        <Table.Td>
          <ListingTitle vehicle={v} />
        </Table.Td>
        <Table.Td fz="sm" fw={600}>
          {priceText(v.price)}
        </Table.Td>
        <Table.Td>
          <Text fz="sm" lineClamp={1}>
            {v.seller_name ?? '—'}
          </Text>
          <Text fz="xs" c="dimmed">
            {t(USER_TYPE_LABELS[v.seller_type === 'dealer' ? 'dealer' : 'private'])}
          </Text>
        </Table.Td>
        <Table.Td>
          <StatusBadge vehicle={v} />
        </Table.Td>
        <Table.Td fz="sm" style={{ whiteSpace: 'nowrap' }}>
          {shortDate(v.created_at)}
        </Table.Td>
        <Table.Td ta="right">{del.phase === 'idle' ? <DeleteButton vehicle={v} onClick={del.ask} /> : null}</Table.Td>
      </Table.Tr>
      {del.phase === 'idle' ? null : (
        <Table.Tr bg="red.0">
          <Table.Td colSpan={COLUMNS}>
            <DeleteConfirmPanel vehicle={v} phase={del.phase} onCancel={del.cancel} onConfirm={del.confirm} />
          </Table.Td>
        </Table.Tr>
      )}
    </>
  );
}

function VehicleListCard({ vehicle: v, onDeleted }: { vehicle: Vehicle; onDeleted(id: string): void }) {
  const del = useVehicleDelete(v, () => onDeleted(v.id));
  return (
    <Card padding="sm" role="listitem">
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <Image src={cardPhotoUrl(v.images[0])} alt="" w={88} h={66} radius="sm" fit="cover" fallbackSrc={PLACEHOLDER_IMAGE} loading="lazy" style={{ flexShrink: 0 }} />
        <div style={{ minWidth: 0, flex: 1 }}>
          <ListingTitle vehicle={v} />
          <Text fz="sm" fw={650} mt={2}>
            {priceText(v.price)}
          </Text>
          <Group gap={6} mt={2} wrap="nowrap">
            <StatusBadge vehicle={v} />
            <Text fz="xs" c="dimmed" lineClamp={1}>
              {v.seller_name ?? '—'} · {shortDate(v.created_at)}
            </Text>
          </Group>
        </div>
      </Group>
      <div style={{ marginTop: 'var(--mantine-spacing-sm)' }}>
        {del.phase === 'idle' ? <DeleteButton vehicle={v} onClick={del.ask} fullWidth /> : <DeleteConfirmPanel vehicle={v} phase={del.phase} onCancel={del.cancel} onConfirm={del.confirm} />}
      </div>
    </Card>
  );
}

/** Vehicles: the newest listings (drafts too), first 20 in a 500 px scroll area (spec 2.11), each deletable. */
export function VehiclesTab({ vehicles, afterDelete }: { vehicles: Loaded<AdminVehicles>; afterDelete(): void }) {
  const phone = usePhone();
  const data = vehicles.data;
  const remove = (id: string) => {
    vehicles.update((d) => ({ items: d.items.filter((v) => v.id !== id), total: Math.max(0, d.total - 1) }));
    afterDelete();
  };
  const rows = data?.items.slice(0, ADMIN_VEHICLE_ROWS) ?? [];
  const c = T.columns;
  return (
    <>
      <TabHeader title={t(T.tabs.vehicles)} summary={data ? T.vehicleCount(rows.length, data.total, t) : null} onRefresh={vehicles.reload} refreshing={vehicles.loading && data !== null} />
      {vehicles.failed ? <LoadFailed what="listings" onRetry={vehicles.reload} /> : null}
      {data !== null && rows.length === 0 ? (
        <Text c="dimmed">{t(T.noVehicles)}</Text>
      ) : data === null && vehicles.failed ? null : (
        <Card padding={0} withBorder>
          <ScrollArea h={ADMIN_VEHICLE_SCROLL_PX} type="auto" offsetScrollbars="present" data-testid="admin-vehicles-scroll">
            {data === null ? (
              <Stack gap={6} p="sm" aria-hidden>
                {Array.from({ length: 8 }, (_, i) => (
                  <Skeleton key={i} h={phone ? 150 : 56} radius="md" />
                ))}
              </Stack>
            ) : phone ? (
              <Stack gap="sm" p="sm" role="list" aria-label={t(T.tabs.vehicles)}>
                {rows.map((v) => (
                  <VehicleListCard key={v.id} vehicle={v} onDeleted={remove} />
                ))}
              </Stack>
            ) : (
              <Table verticalSpacing="xs" stickyHeader miw={860} aria-label={t(T.tabs.vehicles)}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>
                      <VisuallyHidden>{t(c.photo)}</VisuallyHidden>
                    </Table.Th>
                    <Table.Th>{t(c.listing)}</Table.Th>
                    <Table.Th>{t(c.price)}</Table.Th>
                    <Table.Th>{t(c.seller)}</Table.Th>
                    <Table.Th>{t(c.status)}</Table.Th>
                    <Table.Th>{t(c.listed)}</Table.Th>
                    <Table.Th>
                      <VisuallyHidden>{t(c.actions)}</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((v) => (
                    <VehicleRow key={v.id} vehicle={v} onDeleted={remove} />
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </ScrollArea>
        </Card>
      )}
    </>
  );
}
