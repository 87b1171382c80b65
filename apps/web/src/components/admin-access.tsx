import { Navigate } from 'react-router-dom';
import { errorStatus } from '../lib/api-errors.ts';

/**
 * Part 2 section 6: an admin screen goes to /login on 401 and to /unauthorized on 403. Renders
 * nothing for other errors, which the screen shows itself.
 */
export function AdminAccessRedirect({ error }: { error: unknown }) {
  const status = errorStatus(error);
  if (status === 401) {
    return <Navigate to="/login" replace />;
  }
  if (status === 403) {
    return <Navigate to="/unauthorized" replace />;
  }
  return null;
}

/** True when the error is handled by a redirect rather than a message. */
export const isAccessError = (error: unknown): boolean => {
  const status = errorStatus(error);
  return status === 401 || status === 403;
};
