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

/** Brotli at a middling quality: the best one costs more time than it saves on an answer made per request. */
export const BROTLI_OPTIONS = { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }
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
