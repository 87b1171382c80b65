import { QueryClient } from '@tanstack/react-query';
import { errorStatus } from './api-errors.ts';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: false,
        // Retrying cannot fix an authorization or validation answer.
        retry: (failureCount, error) => {
          const status = errorStatus(error);
          if (status !== null && status < 500) {
            return false;
          }
          return failureCount < 1;
        },
      },
    },
  });
}
