/**
 * The environment `npm run serve` starts the server with (see package.json), so benchmarks run
 * the server as it is deployed. MALLOC_MMAP_THRESHOLD_ keeps glibc from holding on to the 19 MiB
 * each argon2id hash allocates: without it, the memory of up to four hashes at once (one per
 * thread-pool thread) stays in the process after they finish, about 70 MB.
 */
export const SERVER_PROCESS_ENV: Record<string, string> = {
  MALLOC_MMAP_THRESHOLD_: '131072',
};
