import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { IMPORT_FIELD_LABELS, IMPORT_MESSAGES, IMPORT_TEXTS as T, MAX_IMPORT_BYTES, REQUIRED_IMPORT_FIELDS } from '@/domain/listing/stockImport';
import type { ImportField, ImportMapping, ImportSummary, StockImport } from '@/domain/listing/stockImport';
import { syncStore } from '@/app/shared/sync/syncStore';
import { applyStockImport, checkStockImport, fetchStockImport, uploadStockFile } from './importApi';
import { problemDetail } from '@/app/shared/problemDetail';
import { t } from '@/app/shared/i18n/language';

/** How often an import being applied is asked how far it got. */
const POLL_MS = 1000;

export type ImportStep = 'upload' | 'check' | 'apply';
export type ImportPhase = 'choose' | 'map' | StockImport['state'];

/**
 * A stock file's import (issue 38), step by step: the file uploaded (the server suggests a mapping),
 * its columns matched, the dry run checked for that matching (any change to it asks for a new check),
 * then applied, its progress polled until it is done. Each step's refusal is kept for that step.
 */
export function useStockImport() {
  const { online } = useSnapshot(syncStore);
  const [file, setFile] = useState<StockImport | null>(null);
  const [mapping, setMapping] = useState<ImportMapping>({});
  const [markSold, setMarkSold] = useState(false);
  const [checked, setChecked] = useState<ImportSummary | null>(null);
  const [busy, setBusy] = useState<ImportStep | null>(null);
  const [error, setError] = useState<{ step: ImportStep; text: string } | null>(null);

  const run = async (step: ImportStep, call: () => Promise<void>) => {
    setBusy(step);
    setError(null);
    try {
      await call();
    } catch (err) {
      console.warn(`stock file ${step} failed`, err);
      setError({ step, text: await problemDetail(err, t(T.error)) });
    } finally {
      setBusy(null);
    }
  };

  const upload = (chosen: File) => {
    if (chosen.size > MAX_IMPORT_BYTES) return setError({ step: 'upload', text: t(IMPORT_MESSAGES.tooLarge) });
    void run('upload', async () => {
      const uploaded = await uploadStockFile(chosen);
      setFile(uploaded);
      setMapping(uploaded.mapping);
      setMarkSold(uploaded.mark_missing_sold);
      setChecked(null);
    });
  };

  const choice = { mapping, mark_missing_sold: markSold };
  const unmapped = REQUIRED_IMPORT_FIELDS.filter((f) => mapping[f] === undefined);

  const check = () => {
    if (!file) return;
    if (unmapped.length) return setError({ step: 'check', text: IMPORT_MESSAGES.mapRequired(unmapped.map((f) => t(IMPORT_FIELD_LABELS[f])).join(', '), t) });
    void run('check', async () => {
      const answer = await checkStockImport(file.id, choice);
      setFile(answer);
      setChecked(answer.summary);
    });
  };

  const apply = () => {
    if (file) void run('apply', async () => setFile(await applyStockImport(file.id, choice)));
  };

  /** A new choice makes the last check stale. */
  const stale =
    <A extends unknown[]>(change: (...args: A) => void) =>
    (...args: A) => {
      change(...args);
      setChecked(null);
      setError(null);
    };

  // While it is applied: how far it got, every second, until it is done or has failed.
  useEffect(() => {
    if (file?.state !== 'applying') return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetchStockImport(file.id, controller.signal)
        .then(setFile)
        .catch((err: unknown) => {
          if (controller.signal.aborted) return;
          console.warn('import progress not read', err);
          setFile({ ...file });
        });
    }, POLL_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [file]);

  return {
    online,
    file,
    phase: (file ? (file.state === 'uploaded' ? 'map' : file.state) : 'choose') satisfies ImportPhase,
    mapping,
    markSold,
    checked,
    busy,
    error,
    upload,
    check,
    apply,
    choose: stale((field: ImportField, column: string | null) => setMapping(({ [field]: _, ...rest }) => (column === null ? rest : { ...rest, [field]: column }))),
    chooseMarkSold: stale(setMarkSold),
    restart: stale(() => setFile(null)),
  };
}

export type StockImportState = ReturnType<typeof useStockImport>;
