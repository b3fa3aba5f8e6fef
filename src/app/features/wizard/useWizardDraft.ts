import { useCallback, useEffect, useRef, useState } from 'react';
import { openDraft } from '@/data/draftStore';
import type { QueuedPublish } from '@/data/listingPublish';
import { useSession } from '@/app/shared/session/session';
import { EDIT_STEPS, emptyForm, formFromVehicle, fromListingFields, PAYMENT_STEP, VERIFY_STEP, type WizardForm } from '@/domain/listing/listingWizard';
import type { Vehicle } from '@/domain/listing/vehicle';
import { useDraftSave, useFlushWhenHidden } from './useDraftSave';
import { localPhoto, remotePhotos, revoke, type WizardPhoto } from './wizardPhoto';

interface Options {
  /** The draft's id (also the listing's), or the edited listing's. */
  id: string;
  /** Continue a draft stored under `id` (a new one is started when none is). */
  restore: boolean;
  editVehicle: Vehicle | undefined;
  defaults: Partial<WizardForm>;
  onSaveError(err: unknown): void;
}

/**
 * The wizard's state and its copy on the device. A new or continued listing is saved as a draft as the
 * seller types (debounced), on every step change and photo change, and when the page is hidden; a
 * reopened draft comes back with its fields, step and photos. Editing a published listing keeps its
 * changes in memory only: they go to the server, not into the device's drafts.
 */
export function useWizardDraft({ id, restore, editVehicle, defaults, onSaveError }: Options) {
  const editing = !!editVehicle;
  const account = useSession().user?.contact_preference;
  const [form, setFormState] = useState<WizardForm>(() => (editVehicle ? formFromVehicle(editVehicle, account) : emptyForm(defaults)));
  const [step, setStepState] = useState(1);
  const [photos, setPhotosState] = useState<WizardPhoto[]>(() => (editVehicle ? remotePhotos(editVehicle) : []));
  const [loading, setLoading] = useState(!editing && restore);
  const [queued, setQueued] = useState<QueuedPublish | null>(null);

  const formRef = useRef(form);
  const stepRef = useRef(step);
  const photosRef = useRef(photos);
  const { persist, saveSoon, saveWithPhotos, freeze, unfreeze, frozen, stored, errorRef } = useDraftSave({ id, editing, formRef, stepRef, photosRef, onSaveError });

  useEffect(() => {
    if (editing || !restore) return;
    let live = true;
    void (async () => {
      try {
        const { draft, publish } = await openDraft(id);
        if (!live) return;
        if (draft) {
          const next = fromListingFields(draft.fields, defaults);
          formRef.current = next;
          setFormState(next);
          const restored = draft.photos.map((p) => localPhoto(p.id, p.blob, p.name));
          stored.current = new Set(draft.photos.map((p) => p.id));
          photosRef.current = restored;
          setPhotosState(restored);
        }
        // A queued listing opens where it stands: payment once sent or on its way, Verify when refused.
        const at = publish ? (publish.state === 'failed' ? VERIFY_STEP : PAYMENT_STEP) : Math.min(Math.max(draft?.step ?? 1, 1), VERIFY_STEP);
        if (publish && publish.state !== 'failed') frozen.current = true;
        stepRef.current = at;
        setStepState(at);
        setQueued(publish);
      } catch (err) {
        errorRef.current(err);
      } finally {
        if (live) setLoading(false);
      }
    })();
    return () => {
      live = false;
    };
    // Read once per opened draft: `defaults` only fills fields a draft lacks.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- read once per opened draft, as said above
  }, [id, restore, editing]);

  useFlushWhenHidden(persist);

  // Object URLs live as long as their photo is shown.
  useEffect(() => () => photosRef.current.forEach(revoke), []);

  const updateForm = useCallback(
    (change: (f: WizardForm) => WizardForm) => {
      const next = change(formRef.current);
      if (next === formRef.current) return;
      formRef.current = next;
      setFormState(next);
      saveSoon();
    },
    [saveSoon],
  );

  const setStep = useCallback(
    (next: number) => {
      const max = editing ? EDIT_STEPS : PAYMENT_STEP;
      const at = Math.min(Math.max(next, 1), max);
      stepRef.current = at;
      setStepState(at);
      void persist(false);
    },
    [editing, persist],
  );

  const setPhotos = useCallback(
    (change: (p: WizardPhoto[]) => WizardPhoto[]) => {
      const before = photosRef.current;
      const next = change(before);
      for (const p of before) if (!next.includes(p)) revoke(p);
      photosRef.current = next;
      setPhotosState(next);
      return saveWithPhotos();
    },
    [saveWithPhotos],
  );

  return { form, step, photos, loading, queued, setQueued, updateForm, setStep, setPhotos, persist, freeze, unfreeze, formRef, photosRef };
}
