#!/usr/bin/env bash
# Builds one libFuzzer target with the Swift toolchain (-sanitize=fuzzer,address) and runs it for a
# bounded time on its committed seed corpus. Exits non-zero on any crash, leak, timeout or OOM, and
# prints the executions count.
#
#   fuzz/run.sh http SECONDS       the HTTP/1.1 request parser (the HTTP1 library)
#   fuzz/run.sh decoding SECONDS   JSON request bodies → ConfigCodec/EventCodec → Session frames
#   fuzz/run.sh definition SECONDS control definitions → the loader → sessions of those that load
#
# SECONDS = 0 only replays the corpus (a regression run). Build products, the grown working corpus
# and crash artifacts live in fuzz/.build/<target>/ (ignored by git); the seeds in
# fuzz/corpus/<target>/ are never written to. FUZZ_MERGE=1 merges what the run found into the
# seeds (minimised) for committing. FUZZ_OPT=-Onone builds without optimisation.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

usage() { echo "usage: fuzz/run.sh http|decoding|definition SECONDS" >&2; exit 2; }
[ $# -eq 2 ] || usage
target=$1
seconds=$2
[[ "$seconds" =~ ^[0-9]+$ ]] || usage

opt=${FUZZ_OPT:--O}
flags=(-sanitize=fuzzer,address -parse-as-library "$opt" -g)
build=$root/fuzz/.build/$target
mkdir -p "$build"

# The runtime ships with the toolchain (clang's compiler-rt under /opt/swift/usr/lib/clang/*).
swiftc_path=$(command -v swiftc) || { echo "fuzz: swiftc not found" >&2; exit 1; }
toolchain_lib=$(dirname "$(readlink -f "$swiftc_path")")/../lib
if ! find "$toolchain_lib" -name 'libclang_rt.fuzzer-*.a' -print -quit | grep -q .; then
  echo "fuzz: this toolchain has no libclang_rt.fuzzer (looked under $toolchain_lib/clang/*/lib)" >&2
  exit 1
fi

# The code under test is the package's own library target, built by SwiftPM (in a scratch path of
# its own) with coverage instrumentation and -enable-testing; the entry point is one more module
# that imports it (`@testable` where it needs internal types) and links its objects.
case "$target" in
  http) library=HTTP1; modules=(HTTP1); entry=$root/fuzz/HTTPParserFuzz.swift; support=() ;;
  decoding) library=Routes; modules=(JSON AnimationCore HTTP1 BuiltIns Routes); entry=$root/fuzz/RequestDecodingFuzz.swift
    support=("$root/fuzz/FuzzSupport.swift") ;;
  definition) library=Routes; modules=(JSON AnimationCore HTTP1 BuiltIns Routes); entry=$root/fuzz/DefinitionFuzz.swift
    support=("$root/fuzz/FuzzSupport.swift") ;;
  *) usage ;;
esac

binary=$build/$(basename "$entry" .swift)
scratch=$root/fuzz/.build/spm
instrument=(-Xswiftc -sanitize=fuzzer,address)
if [ "$library" = Routes ]; then
  # Building Routes builds and runs the EmbedControls plugin's tool, an executable: linked with
  # libFuzzer's main it would have two. The library gets libFuzzer's coverage instrumentation
  # alone (what -sanitize=fuzzer adds when compiling); the entry's link below adds libFuzzer.
  instrument=(-Xswiftc -sanitize=address -Xswiftc -sanitize-coverage=edge,inline-8bit-counters,pc-table,trace-cmp)
  scratch=$root/fuzz/.build/spm-routes
fi
spm=(swift build -c release --scratch-path "$scratch" --target "$library"
     "${instrument[@]}" -Xswiftc -enable-testing -Xswiftc -g)
quiet() { grep -v "ld.gold: warning: Cannot export local symbol" || true; }
started=$(date +%s)
if ! "${spm[@]}" >"$build/spm.log" 2>&1; then
  tail -n 30 "$build/spm.log" >&2
  echo "FAIL fuzz $target: building the $library library failed (log: $build/spm.log)" >&2; exit 1
fi
bin=$(swift build -c release --scratch-path "$scratch" --show-bin-path)
objects=()
for module in "${modules[@]}"; do
  mapfile -t -O "${#objects[@]}" objects < <(find "$bin/$module.build" -name '*.o' | sort)
done
stamp=$( { swiftc --version 2>&1; echo "${flags[*]}"; sha256sum "$entry" "${support[@]}" "${objects[@]}"; } | sha256sum | cut -d' ' -f1)
if [ -x "$binary" ] && [ "$(cat "$build/stamp" 2>/dev/null)" = "$stamp" ]; then
  echo "fuzz $target: binary up to date"
else
  echo "fuzz $target: linking $(basename "$entry") with the $library library (${#objects[@]} objects)"
  if ! swiftc "${flags[@]}" -module-name "$(basename "$entry" .swift)" -I "$bin/Modules" -I "$bin" \
      "$entry" "${support[@]}" "${objects[@]}" -o "$binary" 2>&1 | quiet; then
    echo "FAIL fuzz $target: building $(basename "$entry") failed" >&2; exit 1
  fi
  echo "$stamp" >"$build/stamp"
fi
echo "fuzz $target: built in $(( $(date +%s) - started )) s"

seeds=$root/fuzz/corpus/$target
work=$build/corpus
artifacts=$build/artifacts/
mkdir -p "$work" "$artifacts"
[ -n "$(ls -A "$seeds" 2>/dev/null)" ] || { echo "fuzz $target: no seeds in $seeds" >&2; exit 1; }

log=$build/fuzz.log
# Definitions run to several KiB (the card's is 9); requests are smaller.
max_len=8192
[ "$target" = definition ] && max_len=32768
options=(-timeout=5 -rss_limit_mb=2048 -malloc_limit_mb=2048 -detect_leaks=1 -print_final_stats=1
         -artifact_prefix="$artifacts" -max_len="$max_len")
if [ -f "$root/fuzz/$target.dict" ]; then options+=(-dict="$root/fuzz/$target.dict"); fi
if [ "$seconds" = 0 ]; then
  options+=(-runs=0)
else
  options+=(-max_total_time="$seconds")
fi
# Swift's own crash reporter would hold a crashing process (and this script) for a while;
# libFuzzer's handler reports the crash and saves the input.
export SWIFT_BACKTRACE=enable=no
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0:handle_abort=1}
# Objects of the built-in definitions, alive until exit, that LeakSanitizer cannot see (lsan.supp).
export LSAN_OPTIONS=${LSAN_OPTIONS:-suppressions=$root/fuzz/lsan.supp}
echo "fuzz $target: running ${seconds} s on $(ls "$seeds" | wc -l) seeds (+$(ls "$work" | wc -l) found earlier)"
status=0
# libFuzzer gives up on its own at -max_total_time; the outer timeout only guards against a wedged run.
timeout --kill-after=10 $(( seconds + 120 )) "$binary" "${options[@]}" "$work" "$seeds" >"$log" 2>&1 || status=$?

executions=$(sed -n 's/^stat::number_of_executed_units: *\([0-9]*\).*/\1/p' "$log" | tail -n 1)
rate=$(sed -n 's/^stat::average_exec_per_sec: *\([0-9]*\).*/\1/p' "$log" | tail -n 1)
peak=$(sed -n 's/^stat::peak_rss_mb: *\([0-9]*\).*/\1/p' "$log" | tail -n 1)
coverage=$(grep -o 'cov: [0-9]*' "$log" | tail -n 1 || true)
if [ "$status" != 0 ] || grep -q 'ERROR: libFuzzer\|ERROR: AddressSanitizer\|ERROR: LeakSanitizer\|SUMMARY: AddressSanitizer' "$log"; then
  echo "FAIL fuzz $target: exit status $status after ${executions:-?} executions" >&2
  grep -a -E 'Fatal error|ERROR: |SUMMARY: |Test unit written|^(==[0-9]+==)?WARNING' "$log" | head -n 20 >&2
  grep -a -A 2 '^MS: ' "$log" | cut -c 1-2000 | head -n 6 >&2
  echo "full log: $log" >&2
  ls -t "$artifacts" 2>/dev/null | head -n 3 | sed "s|^|artifact: $artifacts|" >&2
  echo "reproduce: SWIFT_BACKTRACE=enable=no $binary $artifacts<file>" >&2
  exit 1
fi
[ -n "$executions" ] || { echo "FAIL fuzz $target: no final stats in $log" >&2; tail -n 20 "$log" >&2; exit 1; }
echo "PASS fuzz $target: $executions executions in ${seconds} s (${rate:-?}/s), $coverage, peak RSS ${peak:-?} MB, corpus $(ls "$work" | wc -l)+$(ls "$seeds" | wc -l) inputs; no crash, leak or timeout"

if [ "${FUZZ_MERGE:-0}" = 1 ]; then
  "$binary" -merge=1 -artifact_prefix="$artifacts" "$seeds" "$work" >>"$log" 2>&1
  echo "fuzz $target: merged into $seeds ($(ls "$seeds" | wc -l) inputs)"
fi
