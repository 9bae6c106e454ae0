import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { S3Settings } from '../config';
import type { FileStorage } from './storage';

/**
 * Uploads in an S3-compatible bucket, so every instance behind a balancer reads the same
 * files (decision 0031). Keys have the disk driver's shape; the services' order (write the
 * object, commit the row, delete the old object last) is unchanged. Objects stay private:
 * the server streams them to staff after its own tenant checks, with its own headers.
 */
export function createS3Storage(settings: S3Settings): FileStorage {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    credentials: settings.credentials,
    forcePathStyle: settings.forcePathStyle,
    // Checksums only where S3 demands them: S3-compatible servers (MinIO, Ceph, s3rver) do
    // not all read the SDK's newer default ones, and TLS already guards the bytes.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const objectKey = (key: string) => {
    if (!/^[a-f0-9]{2}\/[a-f0-9-]{36}$/.test(key)) throw new Error(`Invalid storage key ${key}`);
    return `${settings.prefix}${key}`;
  };
  return {
    async put(data) {
      const id = crypto.randomUUID();
      const key = `${id.slice(0, 2)}/${id}`;
      // A PUT is atomic: a reader sees the whole object or none, like the disk driver's rename.
      await client.send(
        new PutObjectCommand({ Bucket: settings.bucket, Key: objectKey(key), Body: data }),
      );
      return key;
    },
    async get(key) {
      try {
        const answer = await client.send(
          new GetObjectCommand({ Bucket: settings.bucket, Key: objectKey(key) }),
        );
        return answer.Body instanceof Readable ? answer.Body : null;
      } catch (error) {
        if (error instanceof NoSuchKey) return null;
        throw error;
      }
    },
    async restore(key, data) {
      await client.send(
        new PutObjectCommand({ Bucket: settings.bucket, Key: objectKey(key), Body: data }),
      );
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: settings.bucket, Key: objectKey(key) }));
    },
  };
}
