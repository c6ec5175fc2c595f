#!/usr/bin/env bash
# Builds the libFuzzer targets and runs each for SECONDS (default 60), after replaying the
# committed regressions. A crash leaves crash-* in Tests/Fuzz/Findings/<target>/ and fails.
#   bash Tests/Fuzz/run.sh [SECONDS] [TARGET...]
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds=${1:-60}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(FuzzPropertyListReader FuzzCommandLine FuzzBinaryReader FuzzOpenStepReader FuzzPattern FuzzTextEscaper)

for target in "${targets[@]}"; do
    PREFS_FUZZ=1 swift build -c debug --scratch-path .build-fuzz --product "$target" \
        --sanitize=fuzzer --sanitize=address -Xswiftc -sanitize=fuzzer >/dev/null
done
bin=$(PREFS_FUZZ=1 swift build -c debug --scratch-path .build-fuzz --show-bin-path)

status=0
for target in "${targets[@]}"; do
    corpus=.build-fuzz/corpus/$target
    findings=Tests/Fuzz/Findings/$target
    mkdir -p "$corpus" "$findings"
    seeds=(Tests/Fuzz/Regressions/$target)
    [ "$target" = FuzzPropertyListReader ] && seeds+=(Tests/ReliabilityTests/Fixtures/Hostile Tests/Fuzz/Seeds)
    [ "$target" = FuzzBinaryReader ] && seeds+=(Tests/PropertyListsTests/Fixtures/Binary Tests/PropertyListsTests/Fixtures/Binary/Hostile)
    [ "$target" = FuzzOpenStepReader ] && seeds+=(Tests/PropertyListsTests/Fixtures/OpenStep)
    echo "== $target: replaying regressions"
    "$bin/$target" -runs=0 "Tests/Fuzz/Regressions/$target" 2>&1 | tail -1
    # A pattern match may do up to 2^20 + 2,048 per instruction + 128 per byte units of work
    # (PatternProgram.matchesWhole), tens of seconds under ASan in a debug build.
    timeout=10
    [ "$target" = FuzzPattern ] && timeout=60
    echo "== $target: fuzzing for ${seconds}s"
    if ! "$bin/$target" "$corpus" "${seeds[@]}" -dict=Tests/Fuzz/plist.dict -max_total_time="$seconds" \
        -timeout="$timeout" -rss_limit_mb=1024 -max_len=65536 -artifact_prefix="$findings/" -print_final_stats=1 2>&1 \
        | grep -E "^(stat::number_of_executed_units|stat::peak_rss_mb|#[0-9]+ *DONE)|ERROR|SUMMARY|Test unit written"; then
        :
    fi
    if [ -n "$(find "$findings" -name 'crash-*' -o -name 'leak-*' -o -name 'oom-*' -o -name 'timeout-*')" ]; then
        echo "== $target: FINDINGS in $findings"
        status=1
    fi
done
exit $status
