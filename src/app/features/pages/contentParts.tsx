import type { ReactNode } from 'react';
import { Accordion, Anchor, Box, Button, Card, CheckIcon, Group, List, Stack, Text, ThemeIcon, Title, type AccordionProps, type TitleProps } from '@mantine/core';
import type { FaqItem, GuideStep } from './content/types';
import type { Translate } from '@/domain/i18n/text';

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

/** A content text in the reader's language, `{email}` in it replaced with the support address. */
export function withEmail(text: string, email: string, tr: Translate): string {
  return tr(text, { email: email || tr(/*i18n*/ 'our support address') });
}

/** One numbered step of a guide: "Step n of total", its title, summary and ticked points. */
export function StepCard({ step, n, total, tr }: { step: GuideStep; n: number; total: number; tr: Translate }) {
  return (
    <Card component="article" aria-labelledby={`step-${step.id}`} p={{ base: 'md', sm: 'lg' }} shadow="xs">
      <Group gap="md" wrap="nowrap" align="center" mb="sm">
        <ThemeIcon size={44} radius="xl" color="brand" fz="lg" fw={800} aria-hidden>
          {n}
        </ThemeIcon>
        <div>
          <Text fz="xs" fw={700} tt="uppercase" c="brand.8" lts={0.5}>
            {tr(/*i18n*/ 'Step {n} of {total}', { n, total })}
          </Text>
          <Title order={3} id={`step-${step.id}`} fz={{ base: 'lg', sm: 'xl' }}>
            {tr(step.title)}
          </Title>
        </div>
      </Group>
      <Text lh={1.7} mb="md">
        {tr(step.summary)}
      </Text>
      <List spacing="sm" icon={checkIcon} styles={ICON_LIST_STYLES}>
        {step.points.map((p) => (
          <List.Item key={p}>
            <Text lh={1.6}>{tr(p)}</Text>
          </List.Item>
        ))}
      </List>
    </Card>
  );
}

/** A guide's section of numbered steps, under a level-2 heading. */
export function GuideSteps({ id, title, steps, tr }: { id: string; title: ReactNode; steps: GuideStep[]; tr: Translate }) {
  return (
    <Box component="section" aria-labelledby={id}>
      <Title order={2} id={id} mb="lg">
        {title}
      </Title>
      <Stack gap="lg">
        {steps.map((s, i) => (
          <StepCard key={s.id} step={s} n={i + 1} total={steps.length} tr={tr} />
        ))}
      </Stack>
    </Box>
  );
}

/**
 * Questions and answers, `{email}` in an answer replaced with the support address.
 * One answer open at a time; clicking the open question closes it (Mantine's default).
 */
export function FaqAccordion({ items, email, order, styles, tr }: { items: FaqItem[]; email: string; tr: Translate } & Pick<AccordionProps, 'order' | 'styles'>) {
  return (
    <Accordion variant="separated" radius="md" order={order} styles={styles}>
      {items.map((q) => (
        <Accordion.Item key={q.id} value={q.id}>
          <Accordion.Control>
            <Text span fw={600}>
              {tr(q.question)}
            </Text>
          </Accordion.Control>
          <Accordion.Panel>
            <Text lh={1.7}>{withEmail(q.answer, email, tr)}</Text>
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
export function SupportReply({ email, fallback = null, tr }: { email: string; fallback?: ReactNode; tr: Translate }) {
  const [before, after] = tr(/*i18n*/ 'Email us at {email}.', { email: '\u0000' }).split('\u0000');
  return (
    <>
      {tr(/*i18n*/ 'Our support team responds within 24 hours.')}{' '}
      {email ? (
        <>
          {before}
          <Anchor href={`mailto:${email}`} fw={600} c="brand.8" style={{ overflowWrap: 'anywhere' }}>
            {email}
          </Anchor>
          {after}
        </>
      ) : (
        fallback
      )}
    </>
  );
}

/** A mailto button to the support address; nothing while the address is not known. */
export function EmailSupportButton({ email, tr }: { email: string; tr: Translate }) {
  return email ? (
    <Button component="a" href={`mailto:${email}`} size="md">
      {tr(/*i18n*/ 'Email support')}
    </Button>
  ) : null;
}

/** A button whose words may be long in a language: they wrap within its width rather than run off a phone's screen. */
export const WRAPPING_BUTTON = { h: 'auto', mih: 'var(--button-height)', py: 4, maw: '100%', styles: { label: { whiteSpace: 'normal', textAlign: 'center', lineHeight: 1.3 } } } as const;

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
