import { NativeSelect, SimpleGrid } from '@mantine/core';
import { IMPORT_FIELD_LABELS, IMPORT_FIELDS, IMPORT_TEXTS as T, REQUIRED_IMPORT_FIELDS } from '@/domain/listing/stockImport';
import type { ImportField, ImportMapping, StockImport } from '@/domain/listing/stockImport';
import { t } from '@/app/shared/i18n/language';

/** The option for a field the file does not have: no column is offered under an empty heading. */
const NONE = '';

/** The needed fields first, then the others in the domain's order. */
const FIELDS = [...REQUIRED_IMPORT_FIELDS, ...IMPORT_FIELDS.filter((f) => !REQUIRED_IMPORT_FIELDS.includes(f))];

/** An example on one line, under its choice. */
const DESCRIPTION = { description: { marginTop: 4, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' } } as const;

/** The first value the file's first rows have in a column, to show what the column holds. */
function sampleOf(file: StockImport, column: string | undefined): string | null {
  const index = column === undefined ? -1 : file.columns.indexOf(column);
  if (index < 0) return null;
  const value = file.sample.map((row) => row[index]?.trim() ?? '').find(Boolean);
  return value ?? null;
}

/**
 * Which column of the file each of our fields is read from: one choice a field (its label, a star when
 * it is needed), the file's columns or 'Not in my file', and an example from the chosen column. A list
 * on a phone, two columns wider.
 */
export function ColumnMapping({ file, mapping, disabled, onChoose }: { file: StockImport; mapping: ImportMapping; disabled: boolean; onChoose(field: ImportField, column: string | null): void }) {
  const columns = [...new Set(file.columns.filter((c) => c.trim()))];
  const options = [{ value: NONE, label: t(T.notInFile) }, ...columns.map((c) => ({ value: c, label: c }))];
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" verticalSpacing="md">
      {FIELDS.map((field) => {
        const column = mapping[field];
        const sample = sampleOf(file, column);
        return (
          <NativeSelect
            key={field}
            label={t(IMPORT_FIELD_LABELS[field])}
            withAsterisk={REQUIRED_IMPORT_FIELDS.includes(field)}
            description={sample ? T.example(sample, t) : undefined}
            inputWrapperOrder={['label', 'input', 'description']}
            styles={DESCRIPTION}
            data={options}
            value={column ?? NONE}
            disabled={disabled}
            onChange={(e) => onChoose(field, e.currentTarget.value === NONE ? null : e.currentTarget.value)}
          />
        );
      })}
    </SimpleGrid>
  );
}
