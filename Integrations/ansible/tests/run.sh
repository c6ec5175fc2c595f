#!/usr/bin/env bash
# Tests the Ansible collection prefs.prefs with ansible-core from PyPI: ansible-test sanity on the
# module, then playbooks against three inventory hosts (h1, h2, h3: the local connection, each with its
# own PREFS_HOME and folder of domains) driving the prefs binary given.
#
#   bash Integrations/ansible/tests/run.sh PREFS
#
# Prints one line per check and closes with "ansible: N passed, M failed"; exits 1 if any check
# failed.
#
# ansible-core and the virtual environments of ansible-test's sanity tests are kept in
# $PREFS_ANSIBLE_CACHE (default ~/.cache/prefs/ansible), so a run after the first installs nothing.
# PREFS_ANSIBLE_KEEP=1 keeps the run's folder (inventory, hosts, logs) and prints its name.
set -euo pipefail

if [ $# -ne 1 ] || [ ! -x "$1" ]; then
    echo "usage: bash $0 PREFS  (PREFS: the prefs binary to test)" >&2
    exit 2
fi
prefs=$(realpath "$1")
for tool in flock shellcheck; do  # flock holds a lock in failures.yml; ansible-test runs shellcheck
    command -v "$tool" >/dev/null || { echo "run.sh needs $tool (apt-get install util-linux shellcheck)" >&2; exit 2; }
done

tests=$(cd "$(dirname "$0")" && pwd)
collection=$(dirname "$tests")
ansible_core_version=2.19.14   # ansible-test 2.19 bootstraps pip 24.2 in its sanity environments
pip_bootstrap_version=24_2

cache=${PREFS_ANSIBLE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/prefs/ansible}
venv=$cache/ansible-core-$ansible_core_version
if [ ! -e "$venv/installed" ]; then
    rm -rf "$venv"
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check "ansible-core==$ansible_core_version"
    touch "$venv/installed"
fi
export PATH="$venv/bin:$PATH"
python_version=$("$venv/bin/python" -c 'import sys; print("%d.%d" % sys.version_info[:2])')

passed=0
failed=0
work=$(mktemp -d)
# The run's folder (hosts, logs) is removed, unless a check failed or PREFS_ANSIBLE_KEEP=1: then it is
# kept, and named.
trap 'if [ "$failed" -eq 0 ] && [ "${PREFS_ANSIBLE_KEEP:-0}" != 1 ]; then rm -rf "$work";
      else echo "ansible: logs and hosts kept in $work"; fi' EXIT
logs=$work/logs
mkdir -p "$logs"

# ansible-test finds a collection by its path: ansible_collections/NAMESPACE/NAME.
installed=$work/collections/ansible_collections/prefs/prefs
mkdir -p "$(dirname "$installed")"
cp -R "$collection" "$installed"
rm -rf "$installed/tests/output"

# Ansible keeps its own files (temporary folders, facts) in the run's folder, not in ~/.ansible.
export ANSIBLE_HOME=$work/ansible-home
export ANSIBLE_LOCAL_TEMP=$work/ansible-home/tmp
export ANSIBLE_REMOTE_TEMP=$work/ansible-home/remote-tmp
export ANSIBLE_COLLECTIONS_PATH=$work/collections
export ANSIBLE_NOCOLOR=1
export ANSIBLE_FORCE_COLOR=0
export ANSIBLE_DEPRECATION_WARNINGS=0
export ANSIBLE_GATHERING=explicit   # no play here needs facts; gathering them costs a second a host

# check NAME COMMAND...: runs COMMAND with its output in $logs/NAME.log and counts it.
check() {
    local name=$1 start=$SECONDS
    shift
    if "$@" >"$logs/$name.log" 2>&1; then
        passed=$((passed + 1))
        echo "ok: $name ($((SECONDS - start)) s)"
    else
        failed=$((failed + 1))
        echo "FAILED: $name ($((SECONDS - start)) s); the end of its output:"
        tail -n 120 "$logs/$name.log" | sed 's/^/    /'
    fi
}

# sanity: ansible-test sanity runs every test it has for a collection (validate-modules, ansible-doc,
# pylint, pep8, yamllint, compile, import, ...). It installs each test's requirements from PyPI into a
# virtual environment, bootstrapping pip with get-pip.py from a host CI cannot reach: tests/get_pip.py
# stands in for it.
sanity() {
    local home=$cache/ansible-test-home
    mkdir -p "$home/.ansible/test/cache"
    cp "$tests/get_pip.py" "$home/.ansible/test/cache/get_pip_$pip_bootstrap_version.py"
    (cd "$installed" && HOME=$home ansible-test sanity --python "$python_version" --color no)
}

# The hosts: each is a folder with its own prefs store (home), shared folder (root) and Python, a script
# that gives the modules run there the host's PREFS_HOME and finds prefs in PATH, as a real host would.
hosts=(h1 h2 h3)
mkdir -p "$work/bin"
ln -s "$prefs" "$work/bin/prefs"
{
    echo "editors:"
    echo "  hosts:"
    for host in "${hosts[@]}"; do
        dir=$work/hosts/$host
        mkdir -p "$dir/home" "$dir/root" "$dir/manifests" "$dir/cache"
        chmod 700 "$dir/home" "$dir/root"
        cat >"$dir/python" <<EOF
#!/bin/sh
: "\${PREFS_HOME:=$dir/home}"
export PREFS_HOME
export XDG_CACHE_HOME="$dir/cache"
export PATH="$work/bin:\$PATH"
exec "$venv/bin/python" "\$@"
EOF
        chmod +x "$dir/python"
        echo "    $host:"
        echo "      ansible_connection: local"
        echo "      ansible_python_interpreter: $dir/python"
        echo "      prefs_binary: $prefs"
        echo "      prefs_host_dir: $dir"
        echo "      prefs_home: $dir/home"
        echo "      prefs_root: $dir/root"
    done
} >"$work/inventory.yml"

# playbook NAME PLAYBOOK [ansible-playbook options]: runs a playbook on every host, log in NAME.log.
playbook() {
    local name=$1 book=$2
    shift 2
    ansible-playbook -i "$work/inventory.yml" "$@" "$book" >"$logs/$name.log" 2>&1
}

# recap NAME HOST FIELD: a number from the PLAY RECAP of NAME.log.
recap() {
    awk -v host="$2" -v field="$3" '
        $1 == host && $2 == ":" {
            for (i = 3; i <= NF; i++) { split($i, kv, "="); if (kv[1] == field) sum += kv[2] }
        }
        END { print sum + 0 }' "$logs/$1.log"
}

# ran NAME EXPECTATION: whether the recap in NAME.log of every host (of those in $play_hosts, when set)
# has failed=0 and a changed count that EXPECTATION accepts: "none", "some", or "as:OTHER" (the same
# count as in OTHER.log).
ran() {
    local name=$1 expectation=$2 host changed
    for host in ${play_hosts:-${hosts[*]}}; do
        changed=$(recap "$name" "$host" changed)
        [ "$(recap "$name" "$host" ok)" -gt 0 ] || { echo "$host: nothing ran"; return 1; }
        [ "$(recap "$name" "$host" failed)" -eq 0 ] || { echo "$host: a task failed"; return 1; }
        [ "$(recap "$name" "$host" unreachable)" -eq 0 ] || { echo "$host: unreachable"; return 1; }
        case $expectation in
            none) [ "$changed" -eq 0 ] ;;
            some) [ "$changed" -gt 0 ] ;;
            as:*) [ "$changed" -eq "$(recap "${expectation#as:}" "$host" changed)" ] ;;
        esac || { echo "$host: changed=$changed, expected $expectation"; return 1; }
        echo "$host: changed=$changed"
    done
}

# run_playbook NAME EXPECTATION PLAYBOOK [options]: runs it, then checks its recap as ran does.
run_playbook() {
    local name=$1 expectation=$2
    shift 2
    playbook "$name" "$@" && ran "$name" "$expectation" && return 0
    # The last task before the recap (where a play stops), then the recap.
    awk '/^PLAY RECAP/ { printf "%s", task; exit } /^TASK \[/ { task = "" } { task = task $0 "\n" }' \
        "$logs/$name.log" | head -n 80
    sed -n '/^PLAY RECAP/,$p' "$logs/$name.log"
    return 1
}

# The files of every host's store and shared folder, with their checksums, as one listing per host.
listing() {
    (cd "$work/hosts/$1" && find home root -type f -print0 | sort -z | xargs -0r sha256sum)
}

# same_files_everywhere: every host holds the same domain files as h1, byte for byte.
same_files_everywhere() {
    local host
    [ -s "$work/hosts/h1/home/com.example.editor.plist" ] || { echo "h1 has no editor domain"; return 1; }
    for host in "${hosts[@]}"; do
        diff <(listing h1) <(listing "$host") || return 1
    done
    listing h1
}

# What an old version of the editor left on every host before the fleet playbook first runs.
seed() {
    local host
    for host in "${hosts[@]}"; do
        export PREFS_HOME=$work/hosts/$host/home
        "$prefs" write com.example.editor fontSize 12 || return 1
        "$prefs" write com.example.editor legacyFont Monaco || return 1
        "$prefs" write com.example.editor recent -array old.txt todo.txt || return 1
        "$prefs" write com.example.editor window --json '{"width": 640, "height": 480, "maximized": false}' ||
            return 1
    done
    unset PREFS_HOME
}

# check_writes_nothing: a check run of fleet.yml reports changes, shows diffs and leaves every file as
# it was.
check_writes_nothing() {
    local host
    for host in "${hosts[@]}"; do listing "$host" >"$work/before-$host"; done
    run_playbook fleet-check some "$tests/playbooks/fleet.yml" --check --diff || return 1
    grep -q -- '--- before: com.example.editor fontSize' "$logs/fleet-check.log" || { echo "no diff shown"; return 1; }
    for host in "${hosts[@]}"; do
        diff "$work/before-$host" <(listing "$host") || { echo "$host: check mode changed files"; return 1; }
    done
}

# The README's playbook (the first yaml block after its "Fleets" heading), on the same hosts, twice.
readme_playbook() {
    awk '/^## Fleets/ { section = 1 } section && /^```yaml/ { block = 1; next }
         block && /^```/ { exit } block { print }' "$collection/../../README.md" >"$work/readme.yml"
    [ -s "$work/readme.yml" ] || { echo "README has no yaml block under Fleets"; return 1; }
    run_playbook readme-first some "$work/readme.yml" || return 1
    run_playbook readme-second none "$work/readme.yml"
}

check sanity sanity
check seed seed
check fleet-check-writes-nothing check_writes_nothing
check fleet-first-run-changes-what-check-predicted run_playbook fleet-first as:fleet-check "$tests/playbooks/fleet.yml" --diff
check fleet-second-run-changes-nothing run_playbook fleet-second none "$tests/playbooks/fleet.yml"
check fleet-check-after-changes-nothing run_playbook fleet-check-after none "$tests/playbooks/fleet.yml" --check
check fleet-values-listed run_playbook verify none "$tests/playbooks/verify.yml"
check same-domain-files-on-every-host same_files_everywhere
play_hosts=h1 check behaviour run_playbook behaviour some "$tests/playbooks/behaviour.yml"
check failures run_playbook failures some "$tests/playbooks/failures.yml"
check readme-playbook readme_playbook
check byhost run_playbook byhost some "$tests/playbooks/byhost.yml"
check path-domains run_playbook path-domains some "$tests/playbooks/path_domains.yml"

echo "ansible: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
