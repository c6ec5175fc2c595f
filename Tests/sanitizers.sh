#!/usr/bin/env bash
# Runs the whole test suite under AddressSanitizer and ThreadSanitizer, each in its own build
# folder. Any sanitizer report fails the run.
#   bash Tests/sanitizers.sh [address|thread]...
set -euo pipefail
cd "$(dirname "$0")/.."
sanitizers=("$@")
[ ${#sanitizers[@]} -gt 0 ] || sanitizers=(address thread)
for sanitizer in "${sanitizers[@]}"; do
    echo "== swift test --sanitize=$sanitizer"
    # Sanitized Swift binaries need no backtracer of their own; reports go to stderr.
    # Leak checking is the fuzzers' job (LeakSanitizer cannot run under the strace-based tests,
    # and reports XCTest's own allocations).
    PREFS_SANITIZER=$sanitizer ASAN_OPTIONS=detect_leaks=0 SWIFT_BACKTRACE=enable=no swift test --sanitize="$sanitizer" --scratch-path ".build-$sanitizer" 2>&1 \
        | tee ".build-$sanitizer.log" | grep -E "Test run|✘|ERROR: (Address|Thread)Sanitizer|WARNING: ThreadSanitizer" || true
    if grep -qE "ERROR: AddressSanitizer|WARNING: ThreadSanitizer|ERROR: ThreadSanitizer|✘ Test run" ".build-$sanitizer.log"; then
        echo "== $sanitizer: FAILED (see .build-$sanitizer.log)"
        exit 1
    fi
done
