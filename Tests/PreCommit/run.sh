#!/usr/bin/env bash
# The hooks of .pre-commit-hooks.yaml, run by pre-commit itself (`pre-commit try-repo`) in a
# scratch repository as a user's commit would run them: pre-commit builds prefs from this
# repository with its swift language, then each hook must pass clean files, fail broken ones
# naming FILE:LINE(:COLUMN), and see only the files its `files:` pattern takes.
#
# Needs git, swift and pre-commit (`pip install pre-commit`; .ci/run installs it). The build is
# kept in $PRE_COMMIT_HOME (default .build/pre-commit-home), so a second run of the same commit
# does not build again.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
command -v pre-commit >/dev/null || { echo "pre-commit is not installed: pip install pre-commit" >&2; exit 1; }
export PRE_COMMIT_HOME=${PRE_COMMIT_HOME:-$root/.build/pre-commit-home}
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
try_repo() {  # try_repo HOOK: the hook's output in $output and status in $status
    status=0
    output=$(cd "$work" && pre-commit try-repo "$root" "$1" --all-files --color never 2>&1) || status=$?
}

cd "$work"
git init -q
git config user.email ci@example.com
git config user.name ci
mkdir -p Resources Manifests
printf '<?xml version="1.0" encoding="UTF-8"?>\n<plist version="1.0">\n<dict>\n\t<key>a</key>\n\t<string>x</string>\n</dict>\n</plist>\n' > Resources/Good.plist
printf 'not a plist, and not a .plist file {\n' > README.md
manifest='<plist version="1.0">\n<dict>\n\t<key>pfm_domain</key>\n\t<string>com.example.app</string>\n\t<key>pfm_subkeys</key>\n\t<array>\n\t\t<dict>\n\t\t\t<key>pfm_name</key>\n\t\t\t<string>Size</string>\n\t\t\t<key>pfm_type</key>\n\t\t\t<string>%s</string>\n\t\t\t<key>pfm_range_min</key>\n\t\t\t<string>0</string>\n\t\t</dict>\n\t</array>\n</dict>\n</plist>\n'
# shellcheck disable=SC2059
printf "$manifest" integer > Manifests/com.example.app.plist
git add -A

try_repo prefs-validate
expect "prefs-validate passes valid plists (status $status): $output" test "$status" -eq 0
expect "prefs-validate ran on the plists" grep -q "prefs validate.*Passed" <<<"$output"

printf '<?xml version="1.0" encoding="UTF-8"?>\n<plist version="1.0">\n<dict>\n\t<key>a</key>\n\t<string>x</strin>\n</dict>\n</plist>\n' > Resources/Broken.plist
git add -A
try_repo prefs-validate
expect "prefs-validate fails on a broken plist (status $status)" test "$status" -eq 1
expect "prefs-validate names FILE:LINE:COLUMN: $output" grep -q "Resources/Broken.plist:5:19: error: </strin> does not close <string>, opened on line 5" <<<"$output"
expect "prefs-validate does not read README.md" grep -qv "README.md" <<<"$output"

try_repo prefs-check-manifests
expect "prefs-check-manifests passes a usable manifest (status $status): $output" test "$status" -eq 0
expect "a rule prefs cannot enforce is a warning: $output" grep -q "Manifests/com.example.app.plist:13: warning: key \"Size\": pfm_range_min is a string" <<<"$output"

# shellcheck disable=SC2059
printf "$manifest" colour > Manifests/com.example.app.plist
git add -A
try_repo prefs-check-manifests
expect "prefs-check-manifests fails on an unusable manifest (status $status)" test "$status" -eq 1
expect "prefs-check-manifests names FILE:LINE: $output" grep -q "Manifests/com.example.app.plist:11: error: key \"Size\": pfm_type \"colour\" is not a type prefs knows" <<<"$output"
expect "prefs-check-manifests does not read other plists" grep -qv "Resources/" <<<"$output"

echo "pre-commit hooks: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
