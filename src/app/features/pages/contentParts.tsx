import type { ReactNode } from 'react';
import { Accordion, Anchor, Box, Button, Card, CheckIcon, Group, List, Stack, Text, ThemeIcon, Title, type AccordionProps, type TitleProps } from '@mantine/core';
import type { FaqItem, GuideStep } from './content/types';
import { withEmail } from '@/app/shared/shell/Page';

/** The small tick shown before each item of an icon list. */
export const checkIcon = (
  <ThemeIcon size={20} radius="xl" color="brand" variant="light" aria-hidden>
    <CheckIcon size={10} />
  </ThemeIcon>
);

/** Icon lists: no marker indent, icon aligned with the first line of text. */
export const ICON_LIST_STYLES = {
  root: { paddingInlineStart: 0 },
  itemWrapper: { alignItems: 'flex-start' },
  itemIcon: { marginTop: 2 },
} as const;

/** One numbered step of a guide: "Step n of total", its title, summary and ticked points. */
export function StepCard({ step, n, total }: { step: GuideStep; n: number; total: number }) {
  return (
    <Card component="article" aria-labelledby={`step-${step.id}`} p={{ base: 'md', sm: 'lg' }} shadow="xs">
      <Group gap="md" wrap="nowrap" align="center" mb="sm">
        <ThemeIcon size={44} radius="xl" color="brand" fz="lg" fw={800} aria-hidden>
          {n}
        </ThemeIcon>
        <div>
          <Text fz="xs" fw={700} tt="uppercase" c="brand.8" lts={0.5}>
            Step {n} of {total}
          </Text>
          <Title order={3} id={`step-${step.id}`} fz={{ base: 'lg', sm: 'xl' }}>
            {step.title}
          </Title>
        </div>
      </Group>
      <Text lh={1.7} mb="md">
        {step.summary}
      </Text>
      <List spacing="sm" icon={checkIcon} styles={ICON_LIST_STYLES}>
        {step.points.map((p) => (
          <List.Item key={p}>
            <Text lh={1.6}>{p}</Text>
          </List.Item>
        ))}
      </List>
    </Card>
  );
}

/** A guide's section of numbered steps, under a level-2 heading. */
export function GuideSteps({ id, title, steps }: { id: string; title: ReactNode; steps: GuideStep[] }) {
  return (
    <Box component="section" aria-labelledby={id}>
      <Title order={2} id={id} mb="lg">
        {title}
      </Title>
      <Stack gap="lg">
        {steps.map((s, i) => (
          <StepCard key={s.id} step={s} n={i + 1} total={steps.length} />
        ))}
      </Stack>
    </Box>
  );
}

/**
 * Questions and answers, `{email}` in an answer replaced with the support address.
 * One answer open at a time; clicking the open question closes it (Mantine's default).
 */
export function FaqAccordion({ items, email, order, styles }: { items: FaqItem[]; email: string } & Pick<AccordionProps, 'order' | 'styles'>) {
  return (
    <Accordion variant="separated" radius="md" order={order} styles={styles}>
      {items.map((q) => (
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
  );
}

/**
 * "Our support team responds within 24 hours. Email us at <address>." with a mailto link;
 * `fallback` stands in for the second sentence while the address is not known.
 */
export function SupportReply({ email, fallback = null }: { email: string; fallback?: ReactNode }) {
  return (
    <>
      Our support team responds within 24 hours.{' '}
      {email ? (
        <>
          Email us at{' '}
          <Anchor href={`mailto:${email}`} fw={600} c="brand.8" style={{ overflowWrap: 'anywhere' }}>
            {email}
          </Anchor>
          .
        </>
      ) : (
        fallback
      )}
    </>
  );
}

/** A mailto button to the support address; nothing while the address is not known. */
export function EmailSupportButton({ email }: { email: string }) {
  return email ? (
    <Button component="a" href={`mailto:${email}`} size="md">
      Email support
    </Button>
  ) : null;
}

/** The closing call-to-action card of a content page: a level-2 heading, a line of text and its buttons. */
export function CtaCard({ id, title, titleFz, bg = 'brand.0', children, actions }: { id: string; title: ReactNode; titleFz?: TitleProps['fz']; bg?: string; children: ReactNode; actions: ReactNode }) {
  return (
    <Card component="section" aria-labelledby={id} padding="xl" bg={bg} withBorder={false}>
      <Stack gap="md" align="flex-start">
        <Title order={2} id={id} fz={titleFz}>
          {title}
        </Title>
        <Text c="dark.7">{children}</Text>
        <Group gap="sm">{actions}</Group>
      </Stack>
    </Card>
  );
}
