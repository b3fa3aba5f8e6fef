import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Alert, Anchor, Skeleton, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { compareRows } from './detailRows';
import { PriceVerdictBadge } from '@/app/shared/vehicleCard/PriceVerdictBadge';
import { COMPARE_MAX, FAVOURITE_TEXTS as T, SAVED_PATH } from '@/domain/listing/favourites';
import { priceText, titleOf } from '@/domain/listing/display';
import type { Vehicle } from '@/domain/listing/vehicle';
import { listingsWorker } from '@/app/shared/sync/searchClient';
import { Page } from '@/app/shared/shell/Page';
import { ZigPrice } from '@/app/shared/currency/ZigPrice';
import { t } from '@/app/shared/i18n/language';
import { priceWhyText } from '@/domain/search/priceVerdict';

/** The listings named in the address (`?ids=a,b,c`), at most COMPARE_MAX; more are refused with a message. */
function useChosenIds(): { ids: string[]; tooMany: boolean } {
  const [params] = useSearchParams();
  const all = [...new Set((params.get('ids') ?? '').split(',').filter(Boolean))];
  return { ids: all.slice(0, COMPARE_MAX), tooMany: all.length > COMPARE_MAX };
}

/**
 * Compare (/compare?ids=a,b,c): up to three listings side by side, every field of the listing page's
 * details grid in rows, from the records the device keeps (saved listings are kept in full), so it
 * works offline. The price verdict's row shows a listing's verdict where its record carries one.
 */
export default function ComparePage() {
  const { ids, tooMany } = useChosenIds();
  const key = ids.join(',');
  const [listings, setListings] = useState<Array<Vehicle | null> | undefined>(undefined);
  useEffect(() => {
    let live = true;
    setListings(undefined);
    Promise.all(key.split(',').map((id) => (id ? listingsWorker.get(id).catch(() => null) : Promise.resolve(null)))).then((rows) => {
      if (live) setListings(rows);
    });
    return () => {
      live = false;
    };
  }, [key]);
  const shown = (listings ?? []).filter((v): v is Vehicle => v !== null);
  const missing = listings ? listings.length - shown.length : 0;
  return (
    <Page title={t(T.compareTitle)} size="xl">
      {tooMany ? (
        <Alert color="gold" role="alert" mb="md">
          {t(T.compareLimit, { max: COMPARE_MAX })}
        </Alert>
      ) : null}
      {missing > 0 ? (
        <Alert color="gray" role="note" mb="md">
          {t(T.notKept)}
        </Alert>
      ) : null}
      {listings === undefined ? (
        <Skeleton h={320} />
      ) : shown.length < 2 ? (
        <Text>
          {t(T.compareTooFew)}{' '}
          <Anchor component={Link} to={SAVED_PATH}>
            {t(T.title)}
          </Anchor>
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table striped withColumnBorders aria-label={t(T.compareTitle)}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">
                  <VisuallyHidden>{t(/*i18n*/ 'Field')}</VisuallyHidden>
                </Table.Th>
                {shown.map((v) => (
                  <Table.Th key={v.id} scope="col">
                    <Anchor component={Link} to={`/car/${v.id}`} fw={700}>
                      {titleOf(v)}
                    </Anchor>
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              <Table.Tr>
                <Table.Th scope="row">{t(/*i18n*/ 'Price')}</Table.Th>
                {shown.map((v) => (
                  <Table.Td key={v.id} fw={800}>
                    {priceText(v.price, undefined, t)}
                    <ZigPrice usd={v.price} />
                  </Table.Td>
                ))}
              </Table.Tr>
              {compareRows(shown).map((row) => (
                <Table.Tr key={row.label}>
                  <Table.Th scope="row">{row.label}</Table.Th>
                  {row.values.map((value, i) => (
                    <Table.Td key={shown[i]!.id}>{value}</Table.Td>
                  ))}
                </Table.Tr>
              ))}
              <Table.Tr>
                <Table.Th scope="row">{t(T.priceVerdict)}</Table.Th>
                {shown.map((v) => (
                  <Table.Td key={v.id}>
                    {v.price_verdict ? (
                      <Stack gap={2}>
                        <PriceVerdictBadge verdict={v.price_verdict} />
                        <Text size="xs" c="dimmed">
                          {priceWhyText(v, v.price_verdict, t)}
                        </Text>
                      </Stack>
                    ) : (
                      '—'
                    )}
                  </Table.Td>
                ))}
              </Table.Tr>
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Page>
  );
}
