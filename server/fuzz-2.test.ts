import { fuzzShard } from '../tests/support/fuzz-suite.ts'

// A quarter of the API's operations, fuzzed (tests/support/fuzz-suite.ts).
fuzzShard(2, 4)
