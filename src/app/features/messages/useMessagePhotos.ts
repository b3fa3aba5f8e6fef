import { useRef, useState } from 'react';
import { LISTING_MESSAGES } from '@/domain/core/messages';
import { checkImageFiles } from '@/domain/listing/listingWizard';
import { MESSAGE_IMAGES_MAX } from '@/domain/messages/apiMessages';
import { t } from '@/app/shared/i18n/language';
import { preparePhoto } from '@/app/shared/photos/photoClient';

/** A photo chosen for the message being written, shrunk by the photo pipeline. */
export interface ChosenPhoto {
  id: string;
  blob: Blob;
  name: string;
}

/**
 * The photos of the message being written: at most MESSAGE_IMAGES_MAX, each checked as a listing's
 * are and shrunk off the page's thread (one at a time: a cheap phone decoding several large photos
 * at once runs out of memory) before it shows.
 */
export function useMessagePhotos() {
  const [photos, setPhotos] = useState<ChosenPhoto[]>([]);
  const [errors, setErrors] = useState<string[]>([]);
  const [working, setWorking] = useState(0);
  const taken = useRef(0);
  taken.current = photos.length + working;

  const add = async (files: File[]) => {
    if (!files.length) return;
    const { accepted, errors: refused } = checkImageFiles(files, taken.current, MESSAGE_IMAGES_MAX, t);
    setErrors(refused);
    setWorking((n) => n + accepted.length);
    for (const file of accepted) {
      try {
        const prepared = await preparePhoto(file);
        setPhotos((current) => [...current, { id: crypto.randomUUID(), blob: prepared.blob, name: prepared.name }]);
      } catch (err) {
        setErrors((e) => [...e, LISTING_MESSAGES.imageProcessing(err instanceof Error ? err.message : String(err))]);
      } finally {
        setWorking((n) => n - 1);
      }
    }
  };

  return {
    photos,
    errors,
    working: working > 0,
    full: photos.length + working >= MESSAGE_IMAGES_MAX,
    add,
    remove: (id: string) => {
      setPhotos((current) => current.filter((p) => p.id !== id));
      setErrors([]);
    },
    clear: () => {
      setPhotos([]);
      setErrors([]);
    },
  };
}
