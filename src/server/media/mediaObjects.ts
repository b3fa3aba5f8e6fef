import type { Readable } from 'node:stream';

// What a media store keeps renditions in, apart from the store (mediaStore.ts): the places that keep them
// (localStore.ts, s3Store.ts) and the store built on them each import these, not each other.

/** A stored rendition: its name (as in its URL), its bytes or a stream of them, and their count when known. */
export interface MediaObject {
  name: string;
  body: Buffer | Readable;
  bytes?: number;
}

/** What a store keeps renditions in, by name: a folder or a bucket. */
export interface MediaObjects {
  /** The size and, when known without decoding, the dimensions of a stored object; null when absent. */
  stat(name: string): Promise<{ bytes: number; width?: number; height?: number } | null>;
  get(name: string): Promise<MediaObject | null>;
  /** Writes a whole object: a reader sees all of it or none. */
  put(name: string, data: Buffer, size: { width: number; height: number }): Promise<void>;
  /** Deletes an object; one already gone is no error. */
  delete(name: string): Promise<void>;
  check(): Promise<void>;
}
