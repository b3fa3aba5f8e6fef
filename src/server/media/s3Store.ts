import { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, HeadObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import type { S3Settings } from '../config';
import { MEDIA_CACHE_CONTROL, MEDIA_TYPE, mediaStoreOn, type MediaStore } from './mediaStore';
import type { MediaObjects } from './mediaObjects';

const isMissing = (e: unknown) => e instanceof S3ServiceException && e.$metadata.httpStatusCode === 404;

/** Renditions as objects in an S3-compatible bucket (AWS S3, R2, B2, MinIO), keyed by their names. */
export function s3Objects(settings: S3Settings): MediaObjects {
  const client = new S3Client({
    region: settings.region,
    ...(settings.endpoint && { endpoint: settings.endpoint }),
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    // Checksums only where S3 requires them: not every S3-compatible service takes the SDK's default ones.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A bucket that does not answer fails the request (and the readiness check) instead of holding it.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
  });
  const Bucket = settings.bucket;
  const dimension = (v: string | undefined) => (v && /^\d+$/.test(v) ? Number(v) : undefined);
  return {
    async stat(name) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: name }));
        return { bytes: head.ContentLength ?? 0, width: dimension(head.Metadata?.width), height: dimension(head.Metadata?.height) };
      } catch (e) {
        if (isMissing(e)) return null;
        throw e;
      }
    },
    async get(name) {
      try {
        const out = await client.send(new GetObjectCommand({ Bucket, Key: name }));
        if (!(out.Body instanceof Readable)) throw new Error(`no body for ${name}`);
        return { name, body: out.Body, ...(out.ContentLength !== undefined && { bytes: out.ContentLength }) };
      } catch (e) {
        if (isMissing(e)) return null;
        throw e;
      }
    },
    async put(name, data, size) {
      // One PUT: S3 makes an object visible whole or not at all.
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: name,
          Body: data,
          ContentType: name.endsWith('.jpg') ? 'image/jpeg' : MEDIA_TYPE,
          CacheControl: MEDIA_CACHE_CONTROL,
          // So that a replay answers the dimensions from a HEAD, without downloading the rendition.
          Metadata: { width: String(size.width), height: String(size.height) },
        }),
      );
    },
    async delete(name) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: name }));
    },
    async check() {
      await client.send(new HeadBucketCommand({ Bucket }));
    },
  };
}

export function createS3MediaStore(settings: S3Settings): MediaStore {
  return mediaStoreOn(s3Objects(settings));
}
