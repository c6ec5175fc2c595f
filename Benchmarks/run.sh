#!/usr/bin/env bash
# Builds prefs for release and a Foundation peer, then runs the benchmark suite and checks
# Benchmarks/thresholds.json: a missed threshold makes it exit 1 (Benchmarks/README.md).
#   bash Benchmarks/run.sh            full run, writes BENCHMARKS.md
#   bash Benchmarks/run.sh --quick    what CI runs: 3 rounds of the small files, the thresholds'
#                                     workloads on prefs and its floor alone
#   bash Benchmarks/run.sh --quick --update-thresholds    rewrites the thresholds from the run
set -euo pipefail
cd "$(dirname "$0")/.."
command -v xmllint >/dev/null || { echo "xmllint is needed (apt-get install libxml2-utils)" >&2; exit 1; }
command -v valgrind >/dev/null || { echo "valgrind is needed (apt-get install valgrind)" >&2; exit 1; }
prefs=$(bash CLI/release.sh .build-release)
mkdir -p .build-release/peers
swiftc -O Benchmarks/FoundationPeer/main.swift -o .build-release/peers/foundation-peer >&2
cc -O2 Benchmarks/maxrss.c -o .build-release/peers/maxrss
out=BENCHMARKS.md
[ "${1:-}" = --quick ] && out=.build-release/BENCHMARKS-quick.md
/usr/bin/python3 Benchmarks/run.py --prefs "$prefs" \
    --foundation .build-release/peers/foundation-peer --out "$out" "$@"
swift build -c release --product PrefsInProcessBenchmark --scratch-path .build-release >&2
{ printf '\n## In-process\n\n'; .build-release/release/PrefsInProcessBenchmark "$(mktemp -d)"; } | tee -a "$out"
