// Documents in an S3-compatible bucket (S3_BUCKET and the other S3_* settings), so every server
// process of a deployment reads the documents any of them stored. Uploads are staged on the
// process's own disk as before (their content is checked there), then streamed to the bucket with
// their length; downloads stream from the bucket through the server (the short-lived signed links
// stay ours). Nothing is held whole in memory: streams both ways, and larger writes of unknown
// length go up in parts.
import { createReadStream } from 'node:fs';
import { unlink } from 'node:fs/promises';
import { Readable } from 'node:stream';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { crashPoint } from '../crash-point.ts';
import {
  createLocalStorage,
  LIST_PAGE_SIZE,
  STORED_NAME_PATTERN,
  type DocumentReplacement,
  type DocumentStorage,
  type StoredDocument,
} from './storage.ts';

export interface S3Settings {
  endpoint: string | undefined;
  bucket: string;
  region: string;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  forcePathStyle: boolean;
}

/** The bucket's client. Checksums only where the protocol requires them (S3-compatible servers). */
export function createS3Client(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    ...(settings.accessKeyId && settings.secretAccessKey
      ? {
          credentials: {
            accessKeyId: settings.accessKeyId,
            secretAccessKey: settings.secretAccessKey,
          },
        }
      : {}),
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/** Whether the bucket answers (the readiness check). */
export async function pingBucket(client: S3Client, bucket: string): Promise<void> {
  await client.send(new HeadBucketCommand({ Bucket: bucket }));
}

const DOCUMENTS = 'documents/';
const REPLACEMENTS = 'replacements/';
/** A sealed replacement's list of documents; the commit works from it, so it can run again. */
const MANIFEST = '.manifest.json';
const REPLACEMENT_ID = /^[A-Za-z0-9_-]{1,64}$/;

const isMissing = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.name === 'NotFound' ||
    error.name === 'NoSuchKey' ||
    error.$metadata.httpStatusCode === 404);

const checkedKey = (key: string) => {
  if (!STORED_NAME_PATTERN.test(key)) {
    throw new Error(`Refusing a storage name that was not generated: ${key}`);
  }
  return key;
};

export function createS3Storage(
  client: S3Client,
  bucket: string,
  /** The process's own folder for uploads being received (staging). */
  stagingDir: string,
): DocumentStorage {
  const staging = createLocalStorage(stagingDir);

  /** ListObjectsV2 a page at a time (continuation tokens), from after `startAfter` if given. */
  async function* pages(prefix: string, startAfter?: string) {
    let token: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsV2Command({
          Bucket: bucket,
          Prefix: prefix,
          MaxKeys: LIST_PAGE_SIZE,
          ...(token
            ? { ContinuationToken: token }
            : startAfter
              ? { StartAfter: prefix + startAfter }
              : {}),
        }),
      );
      yield (page.Contents ?? []).flatMap((item) =>
        item.Key
          ? [{ key: item.Key.slice(prefix.length), size: item.Size ?? 0, at: item.LastModified }]
          : [],
      );
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async function* objects(prefix: string) {
    for await (const page of pages(prefix)) {
      yield* page;
    }
  }

  const head = (objectKey: string) =>
    client.send(new HeadObjectCommand({ Bucket: bucket, Key: objectKey })).then(
      () => true,
      (error: unknown) => {
        if (isMissing(error)) {
          return false;
        }
        throw error;
      },
    );

  const remove = (objectKey: string) =>
    client.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey }));

  /** Streams `source` to the object in parts (its length need not be known). */
  const upload = async (objectKey: string, source: Readable) => {
    await new Upload({ client, params: { Bucket: bucket, Key: objectKey, Body: source } }).done();
  };

  const getText = async (objectKey: string): Promise<string | undefined> => {
    try {
      const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: objectKey }));
      return await answer.Body?.transformToString();
    } catch (error) {
      if (isMissing(error)) {
        return undefined;
      }
      throw error;
    }
  };

  return {
    stage: (source) => staging.stage(source),
    async commit(staged, key) {
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: DOCUMENTS + checkedKey(key),
          Body: createReadStream(staged.path),
          ContentLength: staged.size,
        }),
      );
      await unlink(staged.path);
    },
    discard: (staged) => staging.discard(staged),
    sweepStaging: (olderThanMs, now) => staging.sweepStaging(olderThanMs, now),

    async list() {
      const documents: StoredDocument[] = [];
      for await (const item of objects(DOCUMENTS)) {
        if (STORED_NAME_PATTERN.test(item.key)) {
          documents.push({ key: item.key, size: item.size, modifiedAt: item.at ?? new Date(0) });
        }
      }
      return documents;
    },
    async *listAfter(after) {
      for await (const page of pages(DOCUMENTS, after)) {
        yield {
          documents: page
            .filter((item) => STORED_NAME_PATTERN.test(item.key))
            .map((item) => ({
              key: item.key,
              size: item.size,
              modifiedAt: item.at ?? new Date(0),
            })),
          last: page.at(-1)?.key,
        };
      }
    },
    exists: (key) => head(DOCUMENTS + checkedKey(key)),
    async open(key) {
      const answer = await client.send(
        new GetObjectCommand({ Bucket: bucket, Key: DOCUMENTS + checkedKey(key) }),
      );
      if (!(answer.Body instanceof Readable)) {
        throw new Error(`No readable body for ${key}`);
      }
      return answer.Body;
    },
    async write(key, source) {
      const objectKey = DOCUMENTS + checkedKey(key);
      // Keys are generated and unguessable; this keeps the local driver's "never overwrite".
      if (await head(objectKey)) {
        source.resume();
        throw Object.assign(new Error(`Document ${key} already exists`), { code: 'EEXIST' });
      }
      await upload(objectKey, source);
    },
    async remove(key) {
      await remove(DOCUMENTS + checkedKey(key));
    },

    replacement(id): DocumentReplacement {
      if (!REPLACEMENT_ID.test(id)) {
        throw new Error(`Refusing a replacement id: ${id}`);
      }
      const prefix = `${REPLACEMENTS}${id}/`;
      const written: string[] = [];
      const discard = async () => {
        for await (const item of objects(prefix)) {
          await remove(prefix + item.key);
        }
      };
      return {
        async write(key, source) {
          await upload(prefix + checkedKey(key), source);
          written.push(key);
        },
        async seal() {
          const body = JSON.stringify(written);
          await client.send(
            new PutObjectCommand({
              Bucket: bucket,
              Key: prefix + MANIFEST,
              Body: body,
              ContentLength: Buffer.byteLength(body),
            }),
          );
        },
        // Copies the new set over the live documents, deletes the live ones it does not hold,
        // then the replacement itself, its manifest last: run again after a crash, it finishes.
        async commit() {
          const manifest = await getText(prefix + MANIFEST);
          if (manifest === undefined) {
            return;
          }
          const keys = new Set(JSON.parse(manifest) as string[]);
          for (const key of keys) {
            try {
              await client.send(
                new CopyObjectCommand({
                  Bucket: bucket,
                  Key: DOCUMENTS + checkedKey(key),
                  CopySource: `${bucket}/${prefix}${key}`,
                }),
              );
            } catch (error) {
              // Copied (and its replacement copy deleted) by an earlier run of this commit.
              if (!isMissing(error)) {
                throw error;
              }
            }
          }
          crashPoint('docs-half-swapped');
          for await (const item of objects(DOCUMENTS)) {
            if (!keys.has(item.key)) {
              await remove(DOCUMENTS + item.key);
            }
          }
          for (const key of keys) {
            await remove(prefix + key);
          }
          await remove(prefix + MANIFEST);
        },
        discard,
      };
    },
    async sweepReplacements(keep) {
      for await (const item of objects(REPLACEMENTS)) {
        // `ID/name`: the set's id first.
        if (!keep.has(item.key.split('/')[0] ?? '')) {
          await remove(REPLACEMENTS + item.key);
        }
      }
    },
  };
}
