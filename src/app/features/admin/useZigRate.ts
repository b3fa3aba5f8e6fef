import { useState } from 'react';
import { zigRateIssue, ZIG_TEXTS, type ZigRate } from '@/domain/payments/zig';
import { useConfig } from '@/app/shared/config/useConfig';
import { problemDetail } from '@/app/shared/problemDetail';
import { saveZigRate } from './adminApi';
import { knownText } from '@/app/shared/i18n/language';

/** The admin's ZiG rate form (issue 39): the rate in force (the config's, then the one saved), the typed one, its check and the save. */
export function useZigRate() {
  const configured = useConfig()?.zig_rate ?? null;
  const [saved, setSaved] = useState<ZigRate | null>(null);
  const current = saved ?? configured;
  const [typed, setTyped] = useState<string | number>('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const save = async () => {
    const rate = typeof typed === 'number' ? typed : Number(typed);
    const issue = typed === '' ? ZIG_TEXTS.rateInvalid : zigRateIssue(rate);
    setError(issue && knownText(issue));
    if (issue) return;
    setSaving(true);
    try {
      setSaved(await saveZigRate(rate));
      setTyped('');
    } catch (err) {
      setError(await problemDetail(err, knownText(ZIG_TEXTS.rateInvalid)));
    }
    setSaving(false);
  };
  return { current, justSaved: saved !== null && typed === '', typed, setTyped, error, saving, save };
}
