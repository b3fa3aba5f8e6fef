import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/** A real S3-compatible server (s3rver: the S3 REST API over a folder) with one bucket, and how to stop it. */
export interface TestS3Server {
  /** `http://127.0.0.1:PORT`: buckets in the path (path-style). */
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The temporary folder s3rver keeps the bucket in. */
  directory: string;
  /** Stops the server and deletes its folder. */
  close(): Promise<void>;
}

/** Starts s3rver on a free port over a temporary folder, with `bucket` created. */
export async function startS3Server(bucket = 'motokari-media'): Promise<TestS3Server> {
  const directory = mkdtempSync(path.join(tmpdir(), 'motokari-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  try {
    const { port } = await server.run();
    return {
      endpoint: `http://127.0.0.1:${port}`,
      bucket,
      // s3rver checks signatures against these.
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      directory,
      async close() {
        try {
          await server.close();
        } finally {
          rmSync(directory, { recursive: true, force: true });
        }
      },
    };
  } catch (e) {
    rmSync(directory, { recursive: true, force: true });
    throw e;
  }
}
