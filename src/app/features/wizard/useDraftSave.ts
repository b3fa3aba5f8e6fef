import { useCallback, useEffect, useRef, type RefObject } from 'react';
import { DraftPhotoMissingError } from '@/data/drafts';
import { storeDraft } from '@/data/draftStore';
import { toListingFields, VERIFY_STEP, type WizardForm } from '@/domain/listing/listingWizard';
import type { WizardPhoto } from './wizardPhoto';

const SAVE_DELAY_MS = 400;

interface Options {
  id: string;
  editing: boolean;
  /** The wizard's latest state, read when a save runs. */
  formRef: RefObject<WizardForm>;
  stepRef: RefObject<number>;
  photosRef: RefObject<WizardPhoto[]>;
  onSaveError(err: unknown): void;
}

/**
 * Writes the wizard's draft to the device: one save at a time, in order; the photos' bytes once each;
 * nothing while frozen (queued for publication, or an edit of a published listing).
 */
export function useDraftSave({ id, editing, formRef, stepRef, photosRef, onSaveError }: Options) {
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
            storeDraft({
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
    [id, formRef, stepRef, photosRef],
  );

  /** A change to save soon: saves come at most every SAVE_DELAY_MS while the seller types. */
  const saveSoon = useCallback(() => {
    dirty.current = true;
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => void persist(false), SAVE_DELAY_MS);
  }, [persist]);

  /** A change of the photos, saved at once with them. */
  const saveWithPhotos = useCallback(() => {
    dirty.current = true;
    return persist(true);
  }, [persist]);

  /** Stops writing the draft: it has been queued for publication as it is. */
  const freeze = useCallback(() => {
    frozen.current = true;
    if (timer.current) clearTimeout(timer.current);
  }, []);
  const unfreeze = useCallback(() => {
    frozen.current = editing;
  }, [editing]);

  return { persist, saveSoon, saveWithPhotos, freeze, unfreeze, frozen, stored, errorRef };
}

/** The page may be closed or killed at any time once hidden (phones do): writes what is pending then, and on leaving the wizard. */
export function useFlushWhenHidden(persist: (withPhotos: boolean) => Promise<void>) {
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
}
