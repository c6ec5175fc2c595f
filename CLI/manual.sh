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
trap 'rm -f "$log" "$fresh"' EXIT
if ! swift package plugin generate-manual --configuration debug --date "$(date -u +%Y-%m-%d)" >"$log" 2>&1; then
    cat "$log" >&2
    exit 1
fi
cp .build/plugins/GenerateManual/outputs/prefs/prefs.1 "$fresh"
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

# man renders it: no error, and no warning but the blank lines ArgumentParser leaves between a
# discussion's paragraphs (which render as blank lines).
if ! MANWIDTH=80 man --warnings -l "$page" >"$fresh" 2>"$log" || grep -v 'mdoc warning: Empty input line' "$log" >&2; then
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
commands = list(names(json.load(sys.stdin)["command"]))
entries = re.findall(r"^\.It Em (\S+)$", open(sys.argv[1]).read(), re.M)
if entries != commands:
    sys.exit("%s: its entries %s are not the commands %s" % (sys.argv[1], entries, commands))
print("%s: up to date, renders, and has all %d commands" % (sys.argv[1], len(commands)))
' "$page"
