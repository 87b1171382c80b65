import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  UPLOAD_TIMEOUT_MS,
  backupFileUrlEndpoint,
  createBackupEndpoint,
  installBackupEndpoint,
  listBackupsEndpoint,
  type EndpointResponse,
} from '@sk-tanaw/contract';
import { apiClient, uploadPercent } from '../../../lib/api-client.ts';
import { callEndpoint } from '../../../lib/call-endpoint.ts';

export type BackupList = EndpointResponse<typeof listBackupsEndpoint>;
export type InstallResult = EndpointResponse<typeof installBackupEndpoint>;

export const backupListQueryKey = ['admin', 'backups'] as const;

/** GET /api/backup/list: stored backups, newest first, and the automatic schedule. */
export function backupListQueryOptions() {
  return queryOptions({
    queryKey: backupListQueryKey,
    queryFn: () => callEndpoint(listBackupsEndpoint),
    staleTime: 10_000,
    retry: false,
  });
}

export function useBackupList() {
  return useQuery(backupListQueryOptions());
}

/** POST /api/backup: a backup of the whole installation, now. */
export function createBackup() {
  return callEndpoint(createBackupEndpoint, { config: { timeout: UPLOAD_TIMEOUT_MS } });
}

/** GET /api/backup/file-url/:name: a short-lived signed download link, asked for each time. */
export async function backupDownloadUrl(name: string): Promise<string> {
  const { url } = await callEndpoint(backupFileUrlEndpoint, { params: { name } });
  return url;
}

/** Files up to this size go as the spec's JSON `{ file: base64 }`; larger ones are streamed. */
export const JSON_INSTALL_MAX_BYTES = 20 * 1024 * 1024;

/** POST /api/backup/install with the spec's JSON body (base64 of the file). */
export function installBackupBase64(base64: string) {
  return callEndpoint(installBackupEndpoint, {
    body: { file: base64 },
    config: { timeout: UPLOAD_TIMEOUT_MS },
  });
}

/** POST /api/backup/install as a multipart upload, reporting real upload progress (0-100). */
export async function installBackupUpload(
  file: File,
  onProgress: (percent: number) => void,
): Promise<InstallResult> {
  const form = new FormData();
  form.append('file', file, file.name);
  const { data } = await apiClient.post<InstallResult>(installBackupEndpoint.path, form, {
    timeout: 0,
    headers: { 'Content-Type': 'multipart/form-data' },
    onUploadProgress: (event) => {
      onProgress(uploadPercent(event.loaded, event.total));
    },
  });
  return data;
}
