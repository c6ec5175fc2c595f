#!/usr/bin/env bash
# Builds and runs Tests/ClientPackage, a program that depends on prefs by path as another package
# would, on the Preferences product alone, with `import Preferences` alone, in Swift 6 language
# mode: it must build with no warning from prefs or from itself, compile none of what Preferences
# does not need (swift-argument-parser, Palettes), and pass its own checks.
#   bash Tests/ClientPackage/check.sh    prints "client package: ok", or what failed, and exits 1
set -euo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
ln -s "$repo" "$work/prefs"
mkdir "$work/client" "$work/home"
cp -R "$repo/Tests/ClientPackage/Package.swift" "$repo/Tests/ClientPackage/Sources" "$work/client/"
fail() {
    echo "client package: FAILED: $1" >&2
    exit 1
}
log="$work/build.log"
swift build --package-path "$work/client" >"$log" 2>&1 || { cat "$log" >&2; fail "it does not build"; }
# Warnings in prefs' sources or the client's (a path dependency's warnings are shown).
if grep -E "^($repo|$work/prefs|$work/client)/.*: warning:" "$log" >&2; then fail "it builds with warnings"; fi
# Only what Preferences needs is compiled (SwiftPM makes an empty folder for every target).
for module in ArgumentParser Palettes; do
    if compgen -G "$work/client/.build/debug/$module.build/*.o" >/dev/null; then fail "it compiled $module, which Preferences does not need"; fi
done
PREFS_HOME="$work/home" "$work/client/.build/debug/Client"
