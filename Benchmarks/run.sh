#!/usr/bin/env bash
# Builds prefs for release and a Foundation peer, then runs the benchmark suite.
#   bash Benchmarks/run.sh            full run, writes BENCHMARKS.md
#   bash Benchmarks/run.sh --quick    small files, 3 rounds (CI checks that it runs)
set -euo pipefail
cd "$(dirname "$0")/.."
command -v xmllint >/dev/null || { echo "xmllint is needed (apt-get install libxml2-utils)" >&2; exit 1; }
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
