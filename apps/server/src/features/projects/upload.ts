import { PROJECT_MESSAGES } from '@sk-tanaw/contract';
import type { FastifyRequest } from 'fastify';
import { badRequest, payloadTooLarge } from '../../lib/errors.ts';
import type { DocumentStorage, StagedFile } from './storage.ts';

export interface StagedUpload extends StagedFile {
  /** The uploader's file name, reduced to its last segment; for display only. */
  originalName: string;
}

export interface ReadUpload {
  fields: Record<string, string>;
  file: StagedUpload | null;
  /** Deletes the staged file unless it was committed; safe to call more than once. */
  discard(): Promise<void>;
}

const tooLarge = (maxBytes: number) =>
  payloadTooLarge(PROJECT_MESSAGES.fileTooLarge(Number((maxBytes / (1024 * 1024)).toFixed(2))));

/** A file name fit for display and Content-Disposition: last path segment, no control characters. */
export function cleanFileName(name: string): string {
  const last = name.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const cleaned = last.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return cleaned.slice(-200) || 'document';
}

/**
 * Reads a multipart body: text fields into `fields`, the one file part named `fileField` into a
 * staging file. Over the size limit the staging file is deleted and 413 answered.
 */
export async function readUpload(
  request: FastifyRequest,
  storage: DocumentStorage,
  fileField: string,
  maxBytes: number,
): Promise<ReadUpload> {
  const fields: Record<string, string> = {};
  let file: StagedUpload | null = null;
  const discard = async () => {
    if (file) {
      await storage.discard(file);
    }
  };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value);
        continue;
      }
      if (part.fieldname !== fileField || file) {
        part.file.resume();
        throw badRequest(`Unexpected file field "${part.fieldname}".`);
      }
      if (!part.filename) {
        // An empty file input still sends a part with no name: no file chosen.
        part.file.resume();
        continue;
      }
      const staged = await storage.stage(part.file);
      file = { ...staged, originalName: cleanFileName(part.filename) };
      if (part.file.truncated) {
        throw tooLarge(maxBytes);
      }
    }
  } catch (error) {
    await discard();
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw tooLarge(maxBytes);
    }
    throw error;
  }
  return { fields, file, discard };
}
