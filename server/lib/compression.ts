import { constants } from 'node:zlib'

// How the node compresses its text answers (issue 19), in one place: the app registers it with
// @fastify/compress (wiring/routes.ts), and bench:search-ceiling's bare server compresses as it does.

/** Answers from this size up are compressed: below it, the headers cost more than the bytes saved. */
export const COMPRESS_FROM_BYTES = 1024

/**
 * Answers held whole in memory up to this size are compressed in one call on the event loop, not
 * through a zlib stream handed to libuv's threadpool: a search's JSON (9 KiB) cost 0.09 ms of CPU in
 * one call and about 1 ms through the threadpool on the 2-core machines measured (handing each
 * answer to a thread and back costs more than compressing it), and a stream also sent it chunked,
 * in more writes. 64 KiB takes about 0.5 ms at most; larger answers and streams go to the threadpool.
 */
export const COMPRESS_IN_ONE_CALL_BYTES = 64 * 1024

/**
 * Brotli at quality 4, the fastest that still finds repeats across a whole answer: a search's JSON
 * (9 KiB) took 0.29 ms of the node's CPU per request at quality 5 and 0.10 to 0.12 ms at 4, for 808
 * bytes instead of 743 (perf, under the search bench's load, ADR 39). Alone on a quiet loop quality
 * 5 looks cheap; under load each answer's encoder state is fresh memory to zero and fault in.
 */
export const BROTLI_OPTIONS = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }
export const GZIP_OPTIONS = { level: 6 }

/** The options of @fastify/compress for every answer. */
export const compressionOptions = {
  global: true,
  encodings: ['br', 'gzip'] as Array<'br' | 'gzip'>,
  threshold: COMPRESS_FROM_BYTES,
  syncThreshold: COMPRESS_IN_ONE_CALL_BYTES,
  brotliOptions: BROTLI_OPTIONS,
  zlibOptions: GZIP_OPTIONS,
}
