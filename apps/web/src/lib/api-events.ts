/** Window events the API client raises; pages listen to them. Kept apart from the client so
 * listeners do not pull the HTTP library into the landing page's first download. */
export const AUTH_ERROR_EVENT = 'auth-error';
export const NETWORK_TIMEOUT_EVENT = 'networkTimeout';
export const UPLOAD_PROGRESS_EVENT = 'uploadProgress';

export interface NetworkTimeoutDetail {
  message: string;
}

export interface UploadProgressDetail {
  percent: number;
}
