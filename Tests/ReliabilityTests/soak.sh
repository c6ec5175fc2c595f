#!/usr/bin/env bash
# The long versions of the reliability tests, with the real prefs binary:
#   WRITERS x WRITES concurrent writes of distinct keys while readers validate every file they see,
#   then KILLS random kill -9s of writers on a large domain, each followed by a validation.
#   bash Tests/ReliabilityTests/soak.sh [PREFS] [WRITERS=8] [WRITES=1000] [KILLS=2000]
set -euo pipefail
prefs=${1:-$(swift build --show-bin-path)/prefs}
writers=${2:-8}
writes=${3:-1000}
kills=${4:-2000}
export PREFS_HOME=$(mktemp -d)
trap 'rm -rf "$PREFS_HOME"' EXIT

echo "== $writers writers x $writes writes, with validating readers"
start=$(date +%s%N)
pids=()
for p in $(seq 1 "$writers"); do
    ( for i in $(seq 1 "$writes"); do "$prefs" write soak "w${p}_k$i" -int "$i" || echo "write failed $p $i"; done ) > "$PREFS_HOME/writer$p.log" 2>&1 &
    pids+=($!)
done
( bad=0; reads=0
  while [ -f "$PREFS_HOME/running" ] || [ $reads -eq 0 ]; do
      if [ -f "$PREFS_HOME/soak.plist" ]; then
          "$prefs" validate --quiet "$PREFS_HOME/soak.plist" || bad=$((bad + 1))
          reads=$((reads + 1))
      fi
  done
  echo "$reads $bad" > "$PREFS_HOME/reader.result" ) &
reader=$!
touch "$PREFS_HOME/running"
for pid in "${pids[@]}"; do wait "$pid"; done
rm -f "$PREFS_HOME/running"
wait "$reader"
elapsed=$(/usr/bin/python3 -c "print(round(($(date +%s%N) - $start) / 1e9, 1))")
kept=$("$prefs" read soak --json | /usr/bin/python3 -c "
import json, sys
values = json.load(sys.stdin)
print(sum(1 for p in range(1, $writers + 1) for i in range(1, $writes + 1) if values.get('w%d_k%d' % (p, i)) == i))")
failed=$(cat "$PREFS_HOME"/writer*.log | wc -l)
read reads invalid < "$PREFS_HOME/reader.result"
echo "kept $kept of $((writers * writes)) keys; $failed failed writes; $reads reads, $invalid invalid; ${elapsed}s, $(/usr/bin/python3 -c "print(round($writers * $writes / $elapsed))") writes/s"
[ "$kept" -eq $((writers * writes)) ] && [ "$failed" -eq 0 ] && [ "$invalid" -eq 0 ]

echo "== $kills random kill -9s on a 20,000-key domain"
/usr/bin/python3 - "$prefs" "$kills" <<'PY'
import os, random, signal, subprocess, sys, time
prefs, kills = sys.argv[1], int(sys.argv[2])
home = os.environ["PREFS_HOME"]
body = "".join("<key>k%d</key><string>%s</string>" % (i, "v" * 40) for i in range(20000))
with open(os.path.join(home, "big.xml"), "w") as f:
    f.write("<plist><dict>%s</dict></plist>" % body)
subprocess.run([prefs, "import", "big", os.path.join(home, "big.xml")], check=True)
path = os.path.join(home, "big.plist")
start = time.time(); subprocess.run([prefs, "write", "big", "probe", "x"], check=True); median = time.time() - start
old = open(path, "rb").read()
outcome = {"old": 0, "new": 0, "torn": 0, "invalid": 0}
random.seed(2026)
for round in range(kills):
    process = subprocess.Popen([prefs, "write", "big", "gen", str(round)])
    time.sleep(random.uniform(0, 1.2 * median))
    process.send_signal(signal.SIGKILL)
    process.wait()
    now = open(path, "rb").read()
    if subprocess.run([prefs, "validate", "--quiet", path]).returncode != 0:
        outcome["invalid"] += 1
    if now == old:
        outcome["old"] += 1
    elif subprocess.run([prefs, "read", "big", "gen"], capture_output=True, text=True).stdout == "%d\n" % round:
        outcome["new"] += 1
    else:
        outcome["torn"] += 1
    old = now
subprocess.run([prefs, "write", "big", "final", "1"], check=True)
leftovers = [name for name in os.listdir(home) if ".tmp-" in name]
print("%d kills: %d old, %d new, %d torn, %d invalid; %d temporary files left after the next write" % (
    kills, outcome["old"], outcome["new"], outcome["torn"], outcome["invalid"], len(leftovers)))
sys.exit(1 if outcome["torn"] or outcome["invalid"] or leftovers else 0)
PY
