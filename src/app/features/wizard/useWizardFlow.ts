import { useCallback, useEffect, useRef, useState } from 'react';
import type { SellerType } from '@/domain/core/constants';
import { LISTING_MESSAGES } from '@/domain/core/messages';
import type { User } from '@/domain/account/user';
import {
  changeField,
  contactDefaults,
  FIELD_LABELS,
  FIELD_STEP,
  firstIncompleteStep,
  formFieldOf,
  PHOTOS_STEP,
  stepIssues,
  VERIFY_STEP,
  WIZARD_TEXTS,
  type WizardField,
  type WizardForm,
} from '@/domain/listing/listingWizard';
import type { Vehicle } from '@/domain/listing/vehicle';
import { useWizardDraft } from './useWizardDraft';
import { knownText, t } from '@/app/shared/i18n/language';

type Banner = { color: 'red' | 'orange' | 'blue'; title?: string; text: string };
export type Outcome = { kind: 'success' | 'info'; text: string };
export type Busy = null | 'create' | 'free' | 'save';
type FieldErrors = Partial<Record<WizardField, string>>;
type Issue = { field: string; message: string };

/**
 * The wizard's state between steps: the draft, the banner, the fields' errors, what is being sent and
 * how it ended; moving between steps, and the checks that stop a step.
 */
export function useWizardFlow({ id, restore, editVehicle, user }: { id: string; restore: boolean; editVehicle: Vehicle | undefined; user: User }) {
  const sellerType: SellerType = user.user_type === 'dealer' ? 'dealer' : 'private';
  const [banner, setBanner] = useState<Banner | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState<Busy>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const onSaveError = useCallback((err: unknown) => {
    console.warn('draft not saved on this device', err);
    setBanner({ color: 'red', text: t(/*i18n*/ 'Your draft could not be saved on this device: {error}', { error: err instanceof Error ? err.message : String(err) }) });
  }, []);
  const [defaults] = useState(() => ({ ...contactDefaults(user), ...(sellerType === 'dealer' && { subscription_plan: 'premium' }) }));
  const draft = useWizardDraft({ id, restore, editVehicle, defaults, onSaveError });
  const { form, step } = draft;
  const scrollTop = useRef<HTMLDivElement>(null);

  // A listing the server refused earlier opens on Verify, saying why.
  const refused = draft.queued?.state === 'failed' ? (draft.queued.error ?? '') : null;
  useEffect(() => {
    if (refused !== null) setBanner({ color: 'red', title: t(LISTING_MESSAGES.createError), text: knownText(refused) });
  }, [refused]);

  const go = (next: number) => {
    setBanner(null);
    draft.setStep(next);
    scrollTop.current?.scrollIntoView({ block: 'start' });
  };

  const onChange = <K extends WizardField>(field: K, value: WizardForm[K]) => {
    draft.updateForm((f) => changeField(f, field, value));
    if (errors[field]) setErrors(({ [field]: _gone, ...rest }) => rest);
  };

  /** Shows what stops a step next to its fields, and says which they are. */
  const showIssues = (at: number, issues: FieldErrors) => {
    setErrors(issues);
    if (at !== step) draft.setStep(at);
    const labels = (Object.keys(issues) as WizardField[]).map((f) => t(FIELD_LABELS[f]));
    setBanner({ color: 'red', text: WIZARD_TEXTS.completeStep(labels, t) });
  };

  const next = () => {
    const issues = stepIssues(step, form, undefined, t);
    if (Object.keys(issues).length) return showIssues(step, issues);
    setErrors({});
    go(step + 1);
  };

  /** The checks of every step before anything is sent; false (and the seller taken there) when one fails. */
  const allComplete = (last: number) => {
    const incomplete = firstIncompleteStep(form, last);
    if (incomplete === null) return true;
    showIssues(incomplete, stepIssues(incomplete, form, undefined, t));
    return false;
  };

  /** The refusals of the listing's checks, next to their fields, from the earliest step that has one. */
  const showPublishIssues = (issues: Issue[]) => {
    const { fieldErrors, at } = publishIssuesAt(issues);
    setErrors(fieldErrors);
    draft.setStep(at);
    setBanner({ color: 'red', title: t(LISTING_MESSAGES.createError), text: issues.map(labelled).join(' · ') });
  };

  return { sellerType, draft, scrollTop, banner, setBanner, errors, busy, setBusy, outcome, setOutcome, go, onChange, next, allComplete, showPublishIssues };
}

/** The refusals' messages by field, and the earliest step with one (Verify when none is a field's). */
function publishIssuesAt(issues: Issue[]): { fieldErrors: FieldErrors; at: number } {
  const fieldErrors: FieldErrors = {};
  let at = VERIFY_STEP;
  for (const issue of issues) {
    const field = formFieldOf(issue.field);
    if (field === 'images') at = Math.min(at, PHOTOS_STEP);
    else if (field) {
      fieldErrors[field] = knownText(issue.message);
      at = Math.min(at, FIELD_STEP[field]);
    }
  }
  return { fieldErrors, at };
}

/** A refusal with the label of its field, when it names one. */
function labelled(issue: Issue): string {
  const field = formFieldOf(issue.field);
  return field ? `${t(field === 'images' ? /*i18n*/ 'Photos' : FIELD_LABELS[field])}: ${knownText(issue.message)}` : knownText(issue.message);
}

/** What useWizardFlow gives the wizard's screen and its publish and edit hooks. */
export type WizardFlow = ReturnType<typeof useWizardFlow>;
