import { Box, Card, List, SimpleGrid, Text, Title } from '@mantine/core';
import type { Vehicle } from '@/domain/listing/vehicle';
import { categoryText, conditionText, fuelText, mileageText, transmissionText } from '@/domain/listing/display';
import { wholeNumberText } from '@/domain/core/numbers';
import { SUMMARY_ONLY_NOTE } from '@/domain/search/summary';

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
        Vehicle Details
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md">
        <Detail label="Make" value={v.make} />
        <Detail label="Model" value={v.model} />
        <Detail label="Variant" value={v.variant ?? 'Standard'} />
        <Detail label="Year" value={v.year} />
        <Detail label={v.mileage === null && v.operating_hours !== null ? 'Operating Hours' : 'Mileage'} value={mileageText(v)} />
        <Detail label="Fuel type" value={fuelText(v.fuel_type)} />
        <Detail label="Transmission" value={transmissionText(v.transmission)} />
        <Detail label="Condition" value={conditionText(v.condition)} />
        <Detail label="Category" value={categoryText(v.category) || '—'} />
        <Detail label="Colour" value={v.color ?? '—'} />
        {/* A listing kept on the device before horsepower existed has none (undefined), as one without it. */}
        {v.engine_power_hp != null ? <Detail label="Engine power" value={`${wholeNumberText(v.engine_power_hp)} HP`} /> : null}
        {v.vehicle_type === 'car' ? <Detail label="Seats" value={5} /> : null}
        {v.vehicle_type === 'car' ? <Detail label="Doors" value={4} /> : null}
      </SimpleGrid>
      {v.summary_only ? (
        <Text mt="lg" c="dimmed" role="note">
          {SUMMARY_ONLY_NOTE}
        </Text>
      ) : null}
      {v.description ? (
        <>
          <Title order={3} fz="h4" mt="lg" mb="xs">
            Description
          </Title>
          <Text style={{ whiteSpace: 'pre-line' }}>{v.description}</Text>
        </>
      ) : null}
      {v.features.length ? (
        <>
          <Title order={3} fz="h4" mt="lg" mb="xs">
            Features
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
