import { apiClient } from '../../api-client.ts';

/** POST /api/logout. Failures are ignored: the local logout always completes. */
export async function postLogout(): Promise<void> {
  try {
    await apiClient.post('/api/logout');
  } catch (error) {
    console.warn('Logout call failed; continuing with local logout.', error);
  }
}
