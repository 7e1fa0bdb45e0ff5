import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';

/** The part of @20minutes/s3rver (a local S3-compatible server, no types of its own) the tests use. */
interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
type S3rverClass = new (options: {
  address: string;
  port: number;
  silent: boolean;
  directory: string;
  configureBuckets: { name: string; configs: string[] }[];
}) => S3rverInstance;

/** The credentials the local server checks signatures with. */
export const LOCAL_S3_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/** A local S3-compatible server with one bucket. */
export interface LocalObjectStore {
  /** http://127.0.0.1:<port> */
  endpoint: string;
  bucket: string;
  /** The env of a server process using it (main.ts reads S3_* and the SDK's AWS_* variables). */
  env: Record<string, string>;
  stop(): Promise<void>;
}

/** Lets a browser on any origin PUT to the bucket (what an operator configures for the platform's origin). */
const CORS = `<CORSConfiguration><CORSRule><AllowedOrigin>*</AllowedOrigin><AllowedMethod>PUT</AllowedMethod><AllowedMethod>GET</AllowedMethod><AllowedHeader>*</AllowedHeader></CORSRule></CORSConfiguration>`;

/**
 * Starts @20minutes/s3rver in this process on a free loopback port, its data in a temporary
 * folder removed on stop. Offline, no container: what the two-process tests share as "S3".
 */
export async function startLocalObjectStore(bucket = 'plattform-test'): Promise<LocalObjectStore> {
  const S3rver = createRequire(import.meta.url)('@20minutes/s3rver') as S3rverClass;
  const directory = await mkdtemp(join(tmpdir(), 's3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [CORS] }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: LOCAL_S3_CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: LOCAL_S3_CREDENTIALS.secretAccessKey,
    },
    stop: async () => {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
