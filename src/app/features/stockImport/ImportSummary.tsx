import { Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IMPORT_FIELD_LABELS, IMPORT_TEXTS as T } from '@/domain/listing/stockImport';
import type { ImportSummary as Summary } from '@/domain/listing/stockImport';
import { wholeNumberText } from '@/domain/core/numbers';
import { t } from '@/app/shared/i18n/language';
import { rowProblemText } from './rowProblems';

/** The problems listed at most; the rest are counted. */
const SHOWN_ERRORS = 100;

const COLORS = { add: 'teal', update: 'blue', unchanged: 'gray', remove: 'orange' } as const;
type Counted = keyof typeof COLORS;

/** One count in a tile: its number large over its words (read together: '3 to add'), coloured when not zero. */
function Count({ n, words, kind }: { n: number; words: string; kind: Counted }) {
  const color = n ? COLORS[kind] : 'gray';
  return (
    <Paper withBorder radius="md" px="sm" py={8} style={{ borderLeft: `4px solid var(--mantine-color-${color}-${n ? 6 : 3})` }}>
      <Text fz="sm" c="dimmed" lh={1.3}>
        <Text span display="block" fz={24} fw={800} lh={1.2} c={n ? `${color}.8` : 'dimmed'}>
          {wholeNumberText(n)}
        </Text>{' '}
        {words}
      </Text>
    </Paper>
  );
}

/**
 * What a file will do (the dry run) or did (once imported): the four counts, then the rows with
 * problems (skipped), the first hundred in a table that scrolls inside its own box.
 */
export function ImportSummary({ summary, done }: { summary: Summary; done: boolean }) {
  const { errors } = summary;
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
        {(Object.keys(COLORS) as Counted[]).map((kind) => (
          <Count key={kind} kind={kind} n={summary[kind]} words={t(T.counts[done ? 'done' : 'check'][kind])} />
        ))}
      </SimpleGrid>
      {errors.length ? (
        <Stack gap="xs" component="section" aria-labelledby="import-problems-heading">
          <Title order={3} fz="md" id="import-problems-heading">
            {t(T.problemsHeading)}
          </Title>
          <Text fz="sm" c="dimmed">
            {t(done ? T.problemsSkipped : T.problemsIntro)}
          </Text>
          <Table.ScrollContainer minWidth={280} maxHeight={360} type="native">
            <Table striped withTableBorder stickyHeader fz="sm" verticalSpacing={6}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={52}>{t(T.row)}</Table.Th>
                  <Table.Th w={96}>{t(T.field)}</Table.Th>
                  <Table.Th>{t(T.problem)}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {errors.slice(0, SHOWN_ERRORS).map((e, i) => (
                  <Table.Tr key={`${e.row}-${e.field ?? ''}-${i}`}>
                    <Table.Td>{e.row}</Table.Td>
                    <Table.Td>{e.field ? t(IMPORT_FIELD_LABELS[e.field]) : '—'}</Table.Td>
                    <Table.Td>{rowProblemText(e.message)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {errors.length > SHOWN_ERRORS ? (
            <Text fz="sm" c="dimmed">
              {T.moreProblems(errors.length - SHOWN_ERRORS, t)}
            </Text>
          ) : null}
        </Stack>
      ) : null}
    </Stack>
  );
}
