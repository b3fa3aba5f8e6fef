import { TextInput } from '@mantine/core';
import { PAYMENT_TEXTS } from '@/domain/payments/payments';
import { t } from '../i18n/language';

/** The EcoCash number a payment asks for: a listing's fee and a dealer's month alike. */
export function EcocashPhoneInput({
  value,
  onChange,
  error,
  disabled,
  required,
}: {
  value: string;
  onChange(v: string): void;
  error: string | null | undefined;
  disabled: boolean;
  required?: boolean;
}) {
  return (
    <TextInput
      label={t(PAYMENT_TEXTS.phoneLabel)}
      description={t(PAYMENT_TEXTS.phoneHint)}
      placeholder={PAYMENT_TEXTS.phonePlaceholder}
      type="tel"
      inputMode="numeric"
      autoComplete="tel-national"
      required={required}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      error={error}
      disabled={disabled}
    />
  );
}
