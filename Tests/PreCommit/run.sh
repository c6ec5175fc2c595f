#!/usr/bin/env bash
# The hooks of .pre-commit-hooks.yaml, run by pre-commit itself (`pre-commit try-repo`) in a
# scratch repository, as a user's commit would run them: pre-commit builds prefs from this
# repository with its swift language (`swift build -c release`), then each hook must report
# the broken files FILE:LINE(:COLUMN), pass the others, and see only the files its `files:`
# pattern takes. try-repo builds in a temporary store each time, so both hooks run in one call
# (one build).
#
# Needs git, swift and pre-commit (`pip install pre-commit`; .ci/run installs it). try-repo
# takes this repository's working tree, uncommitted changes included.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
command -v pre-commit >/dev/null || { echo "pre-commit is not installed: pip install pre-commit" >&2; exit 1; }
unset GITHUB_ACTIONS  # the hooks' text output is checked below
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

passed=0
failed=0
expect() {  # expect DESCRIPTION COMMAND...: counts the check, printing it when it fails
    local description=$1
    shift
    if "$@"; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAILED: $description" >&2; fi
}
says() { grep -qF -- "$1" <<<"$output"; }
never_says() { ! grep -qF -- "$1" <<<"$output"; }

cd "$work"
git init -q
git config user.email ci@example.com
git config user.name ci
mkdir -p Resources Manifests/Apps
printf '<?xml version="1.0" encoding="UTF-8"?>\n<plist version="1.0">\n<dict>\n\t<key>a</key>\n\t<string>x</string>\n</dict>\n</plist>\n' > Resources/Good.plist
printf '<?xml version="1.0" encoding="UTF-8"?>\n<plist version="1.0">\n<dict>\n\t<key>a</key>\n\t<string>x</strin>\n</dict>\n</plist>\n' > Resources/Broken.plist
printf 'not a plist, and not a .plist file {\n' > README.md
manifest='<plist version="1.0">\n<dict>\n\t<key>pfm_domain</key>\n\t<string>com.example.%s</string>\n\t<key>pfm_subkeys</key>\n\t<array>\n\t\t<dict>\n\t\t\t<key>pfm_name</key>\n\t\t\t<string>Size</string>\n\t\t\t<key>pfm_type</key>\n\t\t\t<string>%s</string>\n\t\t\t<key>pfm_range_min</key>\n\t\t\t<string>0</string>\n\t\t</dict>\n\t</array>\n</dict>\n</plist>\n'
# shellcheck disable=SC2059
printf "$manifest" usable integer > Manifests/Apps/com.example.usable.plist
# shellcheck disable=SC2059
printf "$manifest" unusable colour > Manifests/com.example.unusable.plist
git add -A

status=0
output=$(pre-commit try-repo "$root" --all-files --color never 2>&1) || status=$?
expect "pre-commit fails when a hook fails (status $status)" test "$status" -eq 1
expect "prefs-validate ran and failed" says "prefs validate"
expect "prefs-validate names FILE:LINE:COLUMN" says "Resources/Broken.plist:5:19: error: </strin> does not close <string>, opened on line 5"
expect "prefs-validate passes the valid plist" never_says "Good.plist"
expect "no hook reads README.md" never_says "README.md"
expect "prefs-check-manifests ran" says "prefs check-manifest"
expect "prefs-check-manifests names FILE:LINE of an unusable manifest" \
    says "Manifests/com.example.unusable.plist:10: error: key \"Size\": pfm_type \"colour\" is not a type prefs knows"
expect "a rule prefs cannot enforce is a warning that does not fail the manifest" \
    says "Manifests/Apps/com.example.usable.plist:12: warning: key \"Size\": pfm_range_min is a string, \"0\", not an integer like the key; not enforced"
# check-manifest's part of the output, from its header to the next hook's (a line of dots and
# Passed or Failed): a plist outside Manifests/ there would mean its files: pattern let it through.
manifest_part=$(awk '/^prefs check-manifest\.\.\./ { part = 1; print; next } part && /\.\.\.\.(Passed|Failed|Skipped)/ { part = 0 } part' <<<"$output")
expect "prefs-check-manifests has a part of its own" test -n "$manifest_part"
expect "prefs-check-manifests reads only manifests" bash -c '! grep -qF "Resources/" <<<"$1"' _ "$manifest_part"
expect "the usable manifest passes" never_says "com.example.usable.plist:12: error"

if [ "$failed" -gt 0 ]; then printf '%s\n' "$output" >&2; fi
echo "pre-commit hooks: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
