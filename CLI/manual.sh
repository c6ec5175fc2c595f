#!/usr/bin/env bash
# Makes CLI/prefs.1, prefs' manual page, from the commands' ArgumentParser definitions with
# swift-argument-parser's GenerateManual plugin (the debug build of prefs, which it builds first).
# The page's date changes only when its text does.
#   bash CLI/manual.sh           rewrites CLI/prefs.1 if its text is out of date
#   bash CLI/manual.sh --check   exits 1, printing the difference, if CLI/prefs.1 is out of date;
#                                then checks that man renders it and that it has an entry for every
#                                command and subcommand prefs has, in order
set -euo pipefail
cd "$(dirname "$0")/.."
page=CLI/prefs.1
check=false
case ${1:-} in
    --check) check=true ;;
    "") ;;
    *) echo "usage: bash CLI/manual.sh [--check]" >&2; exit 2 ;;
esac
log=$(mktemp)
fresh=$(mktemp)
work=$(mktemp -d)
trap 'rm -rf "$log" "$fresh" "$work"' EXIT
# The plugin builds prefs and the generator; the page is then made by the generator run here.
if ! swift package plugin generate-manual --configuration debug --date "$(date -u +%Y-%m-%d)" >"$log" 2>&1; then
    cat "$log" >&2
    exit 1
fi
# The generator drops every character that is not ASCII (the help's emojis, "…"), so it reads
# the help through a stand-in for prefs that writes each as a placeholder, QQU<hex>QQ.
printf '#!/bin/sh\n"%s" "$@" | python3 "%s" encode\n' "$PWD/.build/debug/prefs" "$PWD/CLI/manual-text.py" >"$work/prefs"
chmod +x "$work/prefs"
if ! .build/debug/generate-manual-tool "$work/prefs" --date "$(date -u +%Y-%m-%d)" --output-directory "$work" >"$log" 2>&1; then
    cat "$log" >&2
    exit 1
fi
python3 CLI/manual-text.py decode <"$work/prefs.1" >"$fresh"
# The page without its date (the .Dd line).
undated() { grep -v '^\.Dd ' "$1"; }
if [ -f "$page" ] && diff -u <(undated "$page") <(undated "$fresh") >"$log"; then
    if ! $check; then
        echo "$page: up to date"
        exit 0
    fi
elif $check; then
    cat "$log"
    echo "$page: out of date; run bash CLI/manual.sh and commit it" >&2
    exit 1
else
    cp "$fresh" "$page"
    echo "$page: written"
    exit 0
fi

# man renders it with no error and no warning, the help's emojis and "…" included.
if ! MANWIDTH=80 LC_ALL=C.UTF-8 man --warnings -l "$page" >"$fresh" 2>"$log" || [ -s "$log" ]; then
    cat "$log" >&2
    echo "$page: man -l does not render it cleanly" >&2
    exit 1
fi
grep -q '^NAME' "$fresh" || { echo "$page: man -l rendered no NAME section" >&2; exit 1; }
# An entry (.It Em NAME) for every command of the built prefs, in the order of its help.
.build/debug/prefs --experimental-dump-help | python3 -c '
import json, re, sys
def names(command):
    for sub in command.get("subcommands") or []:
        yield sub["commandName"]
        yield from names(sub)
help = sys.stdin.buffer.read().decode("utf-8")
commands = list(names(json.loads(help)["command"]))
page = open(sys.argv[1], encoding="utf-8").read()
entries = re.findall(r"^\.It Em (\S+)$", page, re.M)
if entries != commands:
    sys.exit("%s: its entries %s are not the commands %s" % (sys.argv[1], entries, commands))
# Every character of the help that is not ASCII is in the page, as a groff escape.
missing = sorted(c for c in set(help) if ord(c) >= 128 and "\\[u%04X]" % ord(c) not in page)
if missing:
    sys.exit("%s: characters of the help are not in it: %s" % (sys.argv[1], " ".join(missing)))
print("%s: up to date, renders, and has all %d commands" % (sys.argv[1], len(commands)))
' "$page"
