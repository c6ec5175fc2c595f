#!/usr/bin/env bash
# Builds the release prefs: one fully static executable with the Swift runtime, Foundation and
# libxml2 linked in. It starts without the dynamic loader (about 1 ms less per command than a
# dynamically linked build) and runs where libxml2 is not installed. glibc is linked in too: text
# in encodings other than UTF-8, UTF-16 and Latin-1 is decoded by the machine's own iconv modules,
# so run the binary on the glibc it was built with (or build it there). libxml2 asks ICU only for
# an encoding iconv does not know; ICU's converters would bring its 31 MB of data, which no
# process can start without mapping, so the binary links small stand-ins that report every such
# encoding as unsupported instead (about 20 MB of address space starts it, not 52 MB). It needs
# the static archives of what libxml2 links besides ICU (on Debian: zlib1g-dev and liblzma-dev).
#   bash CLI/release.sh [SCRATCH]    prints the binary's absolute path, SCRATCH/release/prefs
#                                    (SCRATCH defaults to the package's .build-release)
set -euo pipefail
scratch=${1:-$(dirname "$0")/../.build-release}
case $scratch in /*) ;; *) scratch=$PWD/$scratch ;; esac
cd "$(dirname "$0")/.."
mkdir -p "$scratch"
# The ICU functions libxml2 calls, with the version suffix of this machine's ICU.
stub="$scratch/icu-stand-ins.c"
{
    echo '/* Made by CLI/release.sh: ICU converters that refuse every encoding. */'
    for symbol in $(nm -u "$(pkg-config --variable=libdir libxml-2.0)/libxml2.a" 2>/dev/null | awk '$1 == "U" && $2 ~ /^(ucnv|UCNV)_/ { print $2 }' | sort -u); do
        case $symbol in
            ucnv_open_*) echo "void *$symbol(const char *name, int *status) { if (status) *status = 4; return 0; }" ;;
            ucnv_convertEx_*) echo "void $symbol(void *a, void *b, char **c, const char *d, const char **e, const char *f, void *g, void *h, void *i, void *j, char k, char l, int *status) { if (status) *status = 4; }" ;;
            *) echo "void $symbol(void) {}" ;;
        esac
    done
} >"$stub"
cc -O2 -c "$stub" -o "$scratch/icu-stand-ins.o"
libraries=(-Xlinker "$scratch/icu-stand-ins.o")
for library in $(pkg-config --static --libs-only-l libxml-2.0); do
    case $library in -licu*) continue ;; esac
    libraries+=(-Xlinker "$library")
done
log=$(mktemp)
trap 'rm -f "$log"' EXIT
if ! swift build -c release --product prefs --scratch-path "$scratch" \
    -Xswiftc -static-executable "${libraries[@]}" >"$log" 2>&1; then
    cat "$log" >&2
    exit 1
fi
echo "$scratch/release/prefs"
