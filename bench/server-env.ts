/**
 * The environment `npm run serve` starts the server with (see package.json), so benchmarks run
 * the server as it is deployed. MALLOC_ARENA_MAX=1 keeps glibc from holding on to the 19 MiB each
 * argon2id hash allocates in one memory arena per thread-pool thread (about 60 MB kept at rest
 * otherwise), while a hash still reuses memory already mapped (a lower mmap threshold saved a
 * little more memory but cut sign-in throughput by a fifth).
 */
export const SERVER_PROCESS_ENV: Record<string, string> = {
  MALLOC_ARENA_MAX: '1',
};
