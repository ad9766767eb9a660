// jemalloc's options, for each program of Reckon's that links jemalloc and defines its
// `malloc_conf` from them (the CLI, interpreter/cli/main.cpp, and the benchmark program,
// bench/reckon_bench.cpp, which measures what `reckon run` does). `MALLOC_CONF` in the
// environment still overrides them.
#pragma once

namespace reckon {

// - Slabs of 8 pages for every small size class: with its default of one page for the
//   256 bytes of an expression node, `reckon check` of a 10,000-line file asked the page
//   allocator for a new slab every 16 nodes, 3.6 M of its 75 M instructions
//   (docs/performance.md, "Checking 10,000 lines in 60 M instructions").
// - A thread cache's collection every MiB allocated, not every 64 KiB: a case's
//   instance is 3.2 KB, and the collection (which gives back what a bin did not use
//   since the last) cost about 100 of a fresh case's 4,200 instructions
//   (docs/performance.md, "Sixth pass"). A thread cache holds at most a few hundred KB.
inline constexpr const char* malloc_options = "slab_sizes:1-4096:8,tcache_gc_incr_bytes:1048576";

}  // namespace reckon
