import { Box, Card, List, SimpleGrid, Text, Title } from '@mantine/core';
import type { Vehicle } from '@/domain/listing/vehicle';
import { categoryText, conditionText, fuelText, mileageText, transmissionText } from '@/domain/listing/display';
import { wholeNumberText } from '@/domain/core/numbers';
import { SUMMARY_ONLY_NOTE } from '@/domain/search/summary';
import { t } from '@/app/shared/i18n/language';

function Detail({ label, value }: { label: string; value: string | number }) {
  return (
    <Box>
      <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={600}>{value}</Text>
    </Box>
  );
}

/** 'Vehicle Details' on a listing's page: its facts, then its description and features when it has them. */
export function VehicleFacts({ vehicle: v }: { vehicle: Vehicle }) {
  return (
    <Card mt="lg">
      <Title order={2} fz="h3" mb="md">
        {t(/*i18n*/ 'Vehicle Details')}
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md">
        <Detail label={t(/*i18n*/ 'Make')} value={v.make} />
        <Detail label={t(/*i18n*/ 'Model')} value={v.model} />
        <Detail label={t(/*i18n*/ 'Variant')} value={v.variant ?? t(/*i18n*/ 'Standard')} />
        <Detail label={t(/*i18n*/ 'Year')} value={v.year} />
        <Detail label={v.mileage === null && v.operating_hours !== null ? t(/*i18n*/ 'Operating Hours') : t(/*i18n*/ 'Mileage')} value={mileageText(v, t)} />
        <Detail label={t(/*i18n*/ 'Fuel type')} value={fuelText(v.fuel_type, undefined, t)} />
        <Detail label={t(/*i18n*/ 'Transmission')} value={transmissionText(v.transmission, undefined, t)} />
        <Detail label={t(/*i18n*/ 'Condition')} value={conditionText(v.condition, t)} />
        <Detail label={t(/*i18n*/ 'Category')} value={categoryText(v.category, t) || '—'} />
        <Detail label={t(/*i18n*/ 'Colour')} value={v.color ?? '—'} />
        {/* A listing kept on the device before horsepower existed has none (undefined), as one without it. */}
        {v.engine_power_hp != null ? <Detail label={t(/*i18n*/ 'Engine power')} value={t(/*i18n*/ '{hp} HP', { hp: wholeNumberText(v.engine_power_hp) })} /> : null}
        {v.vehicle_type === 'car' ? <Detail label={t(/*i18n*/ 'Seats')} value={5} /> : null}
        {v.vehicle_type === 'car' ? <Detail label={t(/*i18n*/ 'Doors')} value={4} /> : null}
      </SimpleGrid>
      {v.summary_only ? (
        <Text mt="lg" c="dimmed" role="note">
          {t(SUMMARY_ONLY_NOTE)}
        </Text>
      ) : null}
      {v.description ? (
        <>
          <Title order={3} fz="h4" mt="lg" mb="xs">
            {t(/*i18n*/ 'Description')}
          </Title>
          <Text style={{ whiteSpace: 'pre-line' }}>{v.description}</Text>
        </>
      ) : null}
      {v.features.length ? (
        <>
          <Title order={3} fz="h4" mt="lg" mb="xs">
            {t(/*i18n*/ 'Features')}
          </Title>
          <List spacing={4} size="sm" listStyleType="disc" style={{ columns: 2 }}>
            {v.features.map((f) => (
              <List.Item key={f}>{f}</List.Item>
            ))}
          </List>
        </>
      ) : null}
    </Card>
  );
}
