import { useEffect } from 'react';
import { Alert, Box, Button, Card, CheckIcon, Group, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { SELLING_GUIDE_INTRO, SELLING_GUIDE_STEPS, SELLING_SCAM_WARNING } from '../content/sellingGuide';
import type { GuideStep } from '../content/types';
import { Page } from '../shell/Page';

const check = (
  <ThemeIcon size={20} radius="xl" color="brand" variant="light" aria-hidden>
    <CheckIcon size={10} />
  </ThemeIcon>
);

/** Icon lists: no marker indent, icon aligned with the first line of text. */
const ICON_LIST_STYLES = {
  root: { paddingInlineStart: 0 },
  itemWrapper: { alignItems: 'flex-start' },
  itemIcon: { marginTop: 2 },
} as const;

const warningIcon = (
  <Text span fw={900} fz="lg" lh={1} aria-hidden>
    !
  </Text>
);

function StepCard({ step, n }: { step: GuideStep; n: number }) {
  return (
    <Card component="article" aria-labelledby={`step-${step.id}`} p={{ base: 'md', sm: 'lg' }} shadow="xs">
      <Group gap="md" wrap="nowrap" align="center" mb="sm">
        <ThemeIcon size={44} radius="xl" color="brand" fz="lg" fw={800} aria-hidden>
          {n}
        </ThemeIcon>
        <div>
          <Text fz="xs" fw={700} tt="uppercase" c="brand.8" lts={0.5}>
            Step {n} of {SELLING_GUIDE_STEPS.length}
          </Text>
          <Title order={3} id={`step-${step.id}`} fz={{ base: 'lg', sm: 'xl' }}>
            {step.title}
          </Title>
        </div>
      </Group>
      <Text lh={1.7} mb="md">
        {step.summary}
      </Text>
      <List spacing="sm" icon={check} styles={ICON_LIST_STYLES}>
        {step.points.map((p) => (
          <List.Item key={p}>
            <Text lh={1.6}>{p}</Text>
          </List.Item>
        ))}
      </List>
    </Card>
  );
}

export default function SellingGuidePage() {
  useEffect(() => {
    window.scrollTo(0, 0);
  }, []);

  return (
    <Page title="Selling guide" subtitle="How to prepare, list and hand over your vehicle safely, with no commission on the sale.">
      <Stack gap={56}>
        <Text fz={{ base: 'md', sm: 'lg' }} lh={1.7}>
          {SELLING_GUIDE_INTRO}
        </Text>

        <Box component="section" aria-labelledby="selling-steps">
          <Title order={2} id="selling-steps" mb="lg">
            Four steps to a safe sale
          </Title>
          <Stack gap="lg">
            {SELLING_GUIDE_STEPS.map((s, i) => (
              <StepCard key={s.id} step={s} n={i + 1} />
            ))}
          </Stack>
        </Box>

        <Alert
          role="note"
          color="red"
          variant="light"
          radius="lg"
          p={{ base: 'md', sm: 'xl' }}
          icon={warningIcon}
          style={{ borderLeft: '4px solid var(--mantine-color-red-7)' }}
        >
          <Title order={2} fz={{ base: 'lg', sm: 'xl' }} c="red.9" mb="sm">
            {SELLING_SCAM_WARNING.title}
          </Title>
          <List spacing="sm">
            {SELLING_SCAM_WARNING.points.map((p) => (
              <List.Item key={p}>
                <Text lh={1.6} c="dark.9">
                  {p}
                </Text>
              </List.Item>
            ))}
          </List>
        </Alert>

        <Card component="section" aria-labelledby="selling-cta" padding="xl" bg="brand.0" withBorder={false}>
          <Stack gap="md" align="flex-start">
            <Title order={2} id="selling-cta">
              Ready to sell?
            </Title>
            <Text c="dark.7">Create your listing in a few minutes. You can even prepare it offline and it will publish once you are connected.</Text>
            <Group gap="sm">
              <Button component={Link} to="/dashboard" size="md">
                List Your Vehicle
              </Button>
              <Button component={Link} to="/buying-guide" size="md" variant="outline">
                Read the buying guide
              </Button>
            </Group>
          </Stack>
        </Card>
      </Stack>
    </Page>
  );
}
