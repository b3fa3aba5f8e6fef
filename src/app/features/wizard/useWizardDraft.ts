import { useCallback, useEffect, useRef, useState } from 'react';
import { db } from '@/data/db';
import { DraftPhotoMissingError, getDraft, saveDraft } from '@/data/drafts';
import { listOutbox } from '@/data/outbox/enqueue';
import { type CreateItem, type OutboxItem } from '@/data/outbox/items';
import { PLACEHOLDER_IMAGE } from '@/domain/core/constants';
import { EDIT_STEPS, emptyForm, formFromVehicle, fromListingFields, PAYMENT_STEP, toListingFields, VERIFY_STEP, type WizardForm } from '@/domain/listing/listingWizard';
import type { SubscriptionPlan } from '@/domain/payments/fees';
import type { Vehicle } from '@/domain/listing/vehicle';

/** A photo in the wizard: one stored on this device (blob), or one the published listing already has (url). */
export interface WizardPhoto {
  id: string;
  name: string;
  blob: Blob | null;
  url: string | null;
  /** What the <img> shows: an object URL of the blob, or the listing's URL. */
  preview: string;
}

/** The publication queued for this draft, read from the outbox when the wizard opens. */
export interface QueuedPublish {
  state: 'waiting' | 'sending' | 'done' | 'failed';
  free: boolean;
  created: Vehicle | null;
  error: string | null;
  /** The plan the listing was queued with (the draft may be gone once the listing exists). */
  plan: SubscriptionPlan | null;
}

export function queuedPublish(items: OutboxItem[]): QueuedPublish | null {
  const create = items.find((i): i is CreateItem => i.kind === 'create');
  if (!create) return null;
  const upToCreate = items.filter((i) => i.seq <= create.seq);
  const failed = upToCreate.find((i) => i.state === 'failed');
  const state = failed ? 'failed' : create.state === 'done' ? 'done' : upToCreate.some((i) => i.state === 'sending') ? 'sending' : 'waiting';
  return { state, free: create.freeListing, created: create.result, error: failed?.error ?? null, plan: create.listing.subscription_plan ?? null };
}

const SAVE_DELAY_MS = 400;

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
  const [form, setFormState] = useState<WizardForm>(() => (editVehicle ? formFromVehicle(editVehicle) : emptyForm(defaults)));
  const [step, setStepState] = useState(1);
  const [photos, setPhotosState] = useState<WizardPhoto[]>(() => (editVehicle ? remotePhotos(editVehicle) : []));
  const [loading, setLoading] = useState(!editing && restore);
  const [queued, setQueued] = useState<QueuedPublish | null>(null);

  const formRef = useRef(form);
  const stepRef = useRef(step);
  const photosRef = useRef(photos);
  const dirty = useRef(false);
  /** Once the listing is queued, the draft is what was sent: later screens must not rewrite it. */
  const frozen = useRef(editing);
  const chain = useRef<Promise<void>>(Promise.resolve());
  /** Photos whose bytes the stored draft holds. */
  const stored = useRef(new Set<string>());
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const errorRef = useRef(onSaveError);
  errorRef.current = onSaveError;

  const persist = useCallback(
    (withPhotos: boolean): Promise<void> => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
      if (frozen.current || !dirty.current) return chain.current;
      chain.current = chain.current
        .then(async () => {
          if (frozen.current) return;
          const save = (all: boolean) =>
            saveDraft(db, {
              id,
              step: Math.min(stepRef.current, VERIFY_STEP),
              fields: toListingFields(formRef.current),
              // Photos already stored are named by id only: a save never writes the same bytes twice.
              ...(withPhotos && {
                photos: photosRef.current.filter((p) => p.blob).map((p) => (!all && stored.current.has(p.id) ? { id: p.id } : { id: p.id, blob: p.blob!, name: p.name })),
              }),
            });
          const saved = await save(false).catch((err: unknown) => {
            // The draft was removed meanwhile (another tab): write it whole again.
            if (err instanceof DraftPhotoMissingError) return save(true);
            throw err;
          });
          stored.current = new Set(saved.photoIds);
        })
        .catch((err: unknown) => errorRef.current(err));
      return chain.current;
    },
    [id],
  );

  useEffect(() => {
    if (editing || !restore) return;
    let live = true;
    void (async () => {
      try {
        const [draft, items] = await Promise.all([getDraft(db, id), listOutbox(db, id)]);
        if (!live) return;
        const publish = queuedPublish(items);
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

  // The page may be closed or killed at any time once hidden (phones do): write what is pending.
  useEffect(() => {
    const flush = () => void persist(false);
    const onVisibility = () => document.visibilityState === 'hidden' && flush();
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', onVisibility);
      flush();
    };
  }, [persist]);

  // Object URLs live as long as their photo is shown.
  useEffect(() => () => photosRef.current.forEach(revoke), []);

  const updateForm = useCallback(
    (change: (f: WizardForm) => WizardForm) => {
      const next = change(formRef.current);
      if (next === formRef.current) return;
      formRef.current = next;
      setFormState(next);
      dirty.current = true;
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => void persist(false), SAVE_DELAY_MS);
    },
    [persist],
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
      dirty.current = true;
      return persist(true);
    },
    [persist],
  );

  /** Stops writing the draft: it has been queued for publication as it is. */
  const freeze = useCallback(() => {
    frozen.current = true;
    if (timer.current) clearTimeout(timer.current);
  }, []);
  const unfreeze = useCallback(() => {
    frozen.current = editing;
  }, [editing]);

  return { form, step, photos, loading, queued, setQueued, updateForm, setStep, setPhotos, persist, freeze, unfreeze, formRef, photosRef };
}

export function localPhoto(id: string, blob: Blob, name: string): WizardPhoto {
  return { id, name, blob, url: null, preview: URL.createObjectURL(blob) };
}

function remotePhotos(v: Vehicle): WizardPhoto[] {
  return v.images.filter((url) => url && url !== PLACEHOLDER_IMAGE).map((url, i) => ({ id: `remote-${i}-${url}`, name: `Photo ${i + 1}`, blob: null, url, preview: url }));
}

function revoke(p: WizardPhoto): void {
  if (p.blob) URL.revokeObjectURL(p.preview);
}
