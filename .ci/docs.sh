#!/usr/bin/env bash
# Builds the DocC documentation of every library target with warnings as errors, as CI does:
# a broken symbol link, a parameter left undocumented or a missing article fails the build.
# The archives land in .build/plugins/Swift-DocC/outputs/TARGET.doccarchive.
set -euo pipefail
cd "$(dirname "$0")/.."

for target in PropertyLists Preferences Palettes PreferencesConfiguration; do
    echo "docs: $target"
    swift package generate-documentation --target "$target" --warnings-as-errors
done
