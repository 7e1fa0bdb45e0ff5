import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { STORAGE_KEY, type FileStore, type Staged } from './fileStore.ts';

/** An S3 bucket as the file store (main.ts: S3_BUCKET, S3_REGION, S3_ENDPOINT). */
export interface S3StoreOptions {
  bucket: string;
  /** The bucket's region (default us-east-1, which S3-compatible servers accept). */
  region?: string;
  /**
   * An S3-compatible server (MinIO, Ceph, a local test server): its URL, addressed path-style.
   * Default: AWS S3 itself.
   */
  endpoint?: string;
  /**
   * Credentials; default the AWS SDK's chain (AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY, a profile,
   * the container's or instance's role).
   */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

/** Where checked files live, and where the browser's direct uploads wait for their check. */
const FINAL = 'dateien/';
const STAGING = 'eingang/';

const missing = (error: unknown): boolean =>
  error instanceof S3ServiceException &&
  (error.name === 'NoSuchKey' ||
    error.name === 'NotFound' ||
    error.$metadata.httpStatusCode === 404);

/**
 * The file store in an S3 bucket through the AWS SDK v3: checked files under `dateien/<key>`,
 * presigned browser uploads under `eingang/<key>` until the server has checked and filed them
 * (a bucket lifecycle rule on `eingang/` removes what was never completed). The SDK adds no
 * checksums a request does not require, as S3-compatible servers do not all know them.
 */
export async function s3FileStore(options: S3StoreOptions): Promise<FileStore> {
  const client = new S3Client({
    region: options.region ?? 'us-east-1',
    ...(options.endpoint ? { endpoint: options.endpoint, forcePathStyle: true } : {}),
    ...(options.credentials ? { credentials: options.credentials } : {}),
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const bucket = options.bucket;
  const read = async (key: string): Promise<Buffer | null> => {
    try {
      const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      return object.Body ? Buffer.from(await object.Body.transformToByteArray()) : Buffer.alloc(0);
    } catch (error) {
      if (missing(error)) return null;
      throw error;
    }
  };
  const remove = async (key: string): Promise<void> => {
    await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
  };
  const presignPut = (key: string, sizeBytes: number, expiresInSeconds: number) =>
    getSignedUrl(
      client,
      // The length is signed: the bucket refuses a body of any other size.
      new PutObjectCommand({ Bucket: bucket, Key: `${STAGING}${key}`, ContentLength: sizeBytes }),
      { expiresIn: expiresInSeconds },
    );
  // Presigning is local (no request): the origin the browser will send to, for the CSP.
  const origin = new URL(await presignPut('00000000-0000-0000-0000-000000000000', 1, 60)).origin;
  return {
    kind: 's3',
    put: async (key, bytes, contentType) => {
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: `${FINAL}${key}`,
          Body: bytes,
          ContentType: contentType,
        }),
      );
    },
    get: (key) => (STORAGE_KEY.test(key) ? read(`${FINAL}${key}`) : Promise.resolve(null)),
    delete: (key) => remove(`${FINAL}${key}`),
    direct: {
      origin,
      presignPut,
      takeStaged: async (key, maxBytes): Promise<Staged> => {
        try {
          const head = await client.send(
            new HeadObjectCommand({ Bucket: bucket, Key: `${STAGING}${key}` }),
          );
          if ((head.ContentLength ?? 0) > maxBytes) return { kind: 'tooLarge' };
        } catch (error) {
          if (missing(error)) return { kind: 'missing' };
          throw error;
        }
        const bytes = await read(`${STAGING}${key}`);
        if (!bytes) return { kind: 'missing' };
        return bytes.length > maxBytes ? { kind: 'tooLarge' } : { kind: 'bytes', bytes };
      },
      discardStaged: (key) => remove(`${STAGING}${key}`),
    },
  };
}
