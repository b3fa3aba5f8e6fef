import { useEffect } from 'react';
import { Accordion, Box, Button, Card, CheckIcon, Group, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { BUYING_GUIDE_FAQ, BUYING_GUIDE_INTRO, BUYING_GUIDE_STEPS } from '../content/buyingGuide';
import type { GuideStep } from '../content/types';
import { useSupportEmail } from '../config/useConfig';
import { Page, withEmail } from '../shell/Page';

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

function StepCard({ step, n }: { step: GuideStep; n: number }) {
  return (
    <Card component="article" aria-labelledby={`step-${step.id}`} p={{ base: 'md', sm: 'lg' }} shadow="xs">
      <Group gap="md" wrap="nowrap" align="center" mb="sm">
        <ThemeIcon size={44} radius="xl" color="brand" fz="lg" fw={800} aria-hidden>
          {n}
        </ThemeIcon>
        <div>
          <Text fz="xs" fw={700} tt="uppercase" c="brand.8" lts={0.5}>
            Step {n} of {BUYING_GUIDE_STEPS.length}
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

export default function BuyingGuidePage() {
  const email = useSupportEmail();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, []);

  return (
    <Page title="Buying guide" subtitle="How to check, pay for and transfer a vehicle safely in Zimbabwe.">
      <Stack gap={56}>
        <Text fz={{ base: 'md', sm: 'lg' }} lh={1.7}>
          {BUYING_GUIDE_INTRO}
        </Text>

        <Box component="section" aria-labelledby="buying-steps">
          <Title order={2} id="buying-steps" mb="lg">
            Three steps to a safe purchase
          </Title>
          <Stack gap="lg">
            {BUYING_GUIDE_STEPS.map((s, i) => (
              <StepCard key={s.id} step={s} n={i + 1} />
            ))}
          </Stack>
        </Box>

        <Box component="section" aria-labelledby="buying-faq">
          <Title order={2} id="buying-faq" mb="lg">
            Buyers&apos; questions
          </Title>
          <Accordion variant="separated" radius="md" order={3}>
            {BUYING_GUIDE_FAQ.map((q) => (
              <Accordion.Item key={q.id} value={q.id}>
                <Accordion.Control>
                  <Text span fw={600}>
                    {q.question}
                  </Text>
                </Accordion.Control>
                <Accordion.Panel>
                  <Text lh={1.7}>{withEmail(q.answer, email)}</Text>
                </Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
        </Box>

        <Card component="section" aria-labelledby="buying-cta" padding="xl" bg="brand.0" withBorder={false}>
          <Stack gap="md" align="flex-start">
            <Title order={2} id="buying-cta">
              Ready to start looking?
            </Title>
            <Text c="dark.7">Search cars, construction and farming equipment near you, or browse stock from professional dealers.</Text>
            <Group gap="sm">
              <Button component={Link} to="/" size="md">
                Start your search
              </Button>
              <Button component={Link} to="/dealers" size="md" variant="outline">
                View dealers
              </Button>
            </Group>
          </Stack>
        </Card>
      </Stack>
    </Page>
  );
}
