#!/usr/bin/env bash
# Builds the release prefs: one fully static executable with the Swift runtime, Foundation,
# libxml2 and ICU linked in. It starts without the dynamic loader (about 1 ms less per command than
# a dynamically linked build) and runs where libxml2 is not installed. glibc is linked in too: text
# in encodings other than UTF-8, UTF-16 and Latin-1 is decoded by the machine's own iconv modules,
# so run the binary on the glibc it was built with (or build it there). It needs the static
# archives of what libxml2 links (on Debian: libicu-dev, zlib1g-dev and liblzma-dev).
#   bash CLI/release.sh [SCRATCH]    prints the binary's path, SCRATCH/release/prefs
#                                    (SCRATCH defaults to .build-release)
set -euo pipefail
cd "$(dirname "$0")/.."
scratch=${1:-.build-release}
libraries=()
for library in $(pkg-config --static --libs-only-l libxml-2.0); do
    libraries+=(-Xlinker "$library")
done
libraries+=(-Xlinker -lstdc++)  # ICU is C++, which its pkg-config entry does not say
log=$(mktemp)
trap 'rm -f "$log"' EXIT
if ! swift build -c release --product prefs --scratch-path "$scratch" \
    -Xswiftc -static-executable "${libraries[@]}" >"$log" 2>&1; then
    cat "$log" >&2
    exit 1
fi
echo "$scratch/release/prefs"
