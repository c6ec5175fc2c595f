#!/usr/bin/env python3
"""Times prefs against its peers, whole process by whole process, interleaved round by round.

Each workload runs every command once per round, in the same order, so machine noise hits all
of them alike; the ratio to the floor (xmllint --noout on the same file, or /bin/true for start-up)
is taken pair by pair within a round, and its median reported. Peak memory is the child's
ru_maxrss. Start-up is also counted in instructions (callgrind), which other load on the machine
does not change. Results go to stdout and to the Markdown file given with --out. Every run checks
Benchmarks/thresholds.json (see thresholds.py) and exits non-zero on a miss; --update-thresholds
rewrites its limits from the run instead.

    python3 Benchmarks/run.py --prefs BIN --foundation BIN --out BENCHMARKS.md [--quick] [--rounds N]
        [--thresholds FILE] [--update-thresholds]
"""
import argparse
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

import thresholds

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
PYTHON = "/usr/bin/python3" if os.path.exists("/usr/bin/python3") else sys.executable
MAXRSS = os.environ.get("MAXRSS", os.path.join(ROOT, ".build-release", "peers", "maxrss"))

PLISTLIB_READ = "import plistlib,sys\nd=plistlib.load(open(sys.argv[1],'rb'))\nprint(d.get(sys.argv[2]))"
PLISTLIB_CONVERT = "import plistlib,sys\nsys.stdout.buffer.write(plistlib.dumps(plistlib.load(open(sys.argv[1],'rb'))))"
PLISTLIB_WRITE = ("import plistlib,sys,os\np=sys.argv[1]\nd=plistlib.load(open(p,'rb'))\nd[sys.argv[2]]=sys.argv[3]\n"
                  "t=p+'.tmp'\nf=open(t,'wb')\nplistlib.dump(d,f)\nf.close()\nos.replace(t,p)")


# Rounds of the workloads that the thresholds check, in a quick run (a full run has more).
QUICK_CHECKED_ROUNDS = 9
QUICK_STARTUP_ROUNDS = 41

DEVNULL = [(os.POSIX_SPAWN_OPEN, 1, os.devnull, os.O_WRONLY, 0), (os.POSIX_SPAWN_OPEN, 2, os.devnull, os.O_WRONLY, 0)]


def run_once(argv, env):
    """Runs argv, returns (seconds, CPU seconds, exit status)."""
    start = time.perf_counter()
    pid = os.posix_spawn(argv[0], argv, env, file_actions=DEVNULL)
    _, status, usage = os.wait4(pid, 0)
    return time.perf_counter() - start, usage.ru_utime + usage.ru_stime, os.waitstatus_to_exitcode(status)


def peak_memory(argv, env):
    """The peak RSS of argv in KiB, measured by Benchmarks/maxrss.c (see there why)."""
    output = subprocess.run([MAXRSS] + argv, env=env, capture_output=True, text=True).stdout.strip()
    return int(output or 0)


def instructions(argv, home, cache):
    """The instructions argv executes, counted by callgrind (None without valgrind or on a failure).

    The count is the same run after run whatever else the machine does, if the process is: it
    gets an environment of its own (its size changes what start-up reads) and Swift's hashing
    with a fixed seed (a random seed moves a small run's count by about 1%, a fixed one by 0.05%)."""
    valgrind = shutil.which("valgrind")
    if not valgrind:
        return None
    env = {"PATH": "/usr/bin:/bin", "HOME": home, "PREFS_HOME": home, "XDG_CACHE_HOME": cache,
           "SWIFT_DETERMINISTIC_HASHING": "1"}
    result = subprocess.run([valgrind, "--tool=callgrind", "--callgrind-out-file=/dev/null"] + argv,
                            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    match = re.search(r"Collected : (\d+)", result.stderr)
    return int(match.group(1)) if result.returncode == 0 and match else None


def measure(commands, rounds, env):
    """commands: [(label, argv-or-callable(round))]; the first is the floor."""
    times = {label: [] for label, _ in commands}
    cpu_times = {label: [] for label, _ in commands}
    memory = {label: 0 for label, _ in commands}
    failures = {}
    for round_index in range(rounds + 1):
        for label, argv in commands:
            argv = argv(round_index) if callable(argv) else argv
            if round_index == 0:  # round 0 warms caches and measures memory
                memory[label] = peak_memory(argv, env)
            seconds, cpu_seconds, status = run_once(argv, env)
            if status != 0:
                failures[label] = status
            if round_index > 0:
                times[label].append(seconds)
                cpu_times[label].append(cpu_seconds)
    floor = commands[0][0]
    rows = []
    for label, _ in commands:
        ratios = [t / f for t, f in zip(times[label], times[floor])]
        cpu_ratios = [t / f for t, f in zip(cpu_times[label], cpu_times[floor]) if f > 0]
        rows.append((label, statistics.median(times[label]) * 1000, min(times[label]) * 1000,
                     max(times[label]) * 1000, statistics.median(ratios), memory[label], failures.get(label),
                     statistics.median(cpu_ratios) if cpu_ratios else None))
    return rows


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--prefs", required=True)
    parser.add_argument("--foundation")
    parser.add_argument("--out", default=os.path.join(ROOT, "BENCHMARKS.md"))
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--quick", action="store_true",
                        help="3 rounds of the small files, prefs alone on the thresholds' 7 MB file (for CI)")
    parser.add_argument("--thresholds", default=os.path.join(HERE, thresholds.PATH_NAME))
    parser.add_argument("--update-thresholds", action="store_true", help="rewrite the thresholds' limits from this run")
    args = parser.parse_args()
    rounds = 3 if args.quick else args.rounds
    # The workloads the thresholds check get more rounds than a quick run's 3: a median of 3
    # ratios moves with one slow round. Their rounds are cheap, as a quick run leaves the peers out.
    checked_rounds = max(rounds, QUICK_CHECKED_ROUNDS)
    measured = {}  # (workload, metric) -> value, for the thresholds

    work = tempfile.mkdtemp(prefix="prefs-bench-")
    inputs = os.path.join(work, "inputs")
    subprocess.run([PYTHON, os.path.join(HERE, "generate.py"), inputs], check=True)
    home = os.path.join(work, "home")
    os.makedirs(home, mode=0o700)
    # The compiled manifest cache of the benchmark's own, warmed by round 0 like every cache.
    env = dict(os.environ, PREFS_HOME=home, XDG_CACHE_HOME=os.path.join(work, "cache"))
    xmllint = shutil.which("xmllint")
    dtd = os.path.join(ROOT, "Schemas", "PropertyList-1.0.dtd")

    # GNUstep's `defaults` (apt gnustep-base-runtime), where installed, keeps its domains as
    # property lists in GNUSTEP_USER_DEFAULTS_DIR (under the home that getpwuid names, whatever
    # $HOME says); a configuration file of the benchmark's own points it at a folder of ours.
    gnustep = shutil.which("defaults")
    gnustep_defaults = os.path.join(work, "gnustep-defaults")
    if gnustep:
        config = os.path.join(work, "GNUstep.conf")
        with open(config, "w") as handle:
            handle.write("GNUSTEP_USER_DEFAULTS_DIR=%s\n" % gnustep_defaults)
        env["GNUSTEP_CONFIG_FILE"] = config

    def gnustep_domain(name):
        os.makedirs(gnustep_defaults, exist_ok=True)
        shutil.copyfile(os.path.join(inputs, name + ".plist"), os.path.join(gnustep_defaults, name + ".plist"))

    def copy(name, tag):
        path = os.path.join(work, "%s-%s.plist" % (name, tag))
        shutil.copyfile(os.path.join(inputs, name + ".plist"), path)
        return path

    small = ["flat10", "flat1000", "flat1300", "flat6000", "palettes1000"]
    large = ["flat100000"] if args.quick else ["flat100000", "nested"]
    startup_peaks = {}  # verb -> peak KiB of prefs on flat10, the start-up that peak memory is measured above
    key = {"palettes1000": "PaletteStore:Main", "nested": "list"}
    sections = []

    def section(title, rows, floor_name, target, size=None):
        """size: the input file's bytes, for peak memory as a multiple of it."""
        sections.append((title, rows, floor_name, target, size))
        print("\n## " + title)
        for row in rows:
            print("  %-34s median %8.2f ms  (%.2f–%.2f)  %5.2fx  %7.1f MB%s%s" % (
                row[0], row[1], row[2], row[3], row[4], row[5] / 1024,
                "  %.2fx file" % (row[5] * 1024 / size) if size else "", "  FAILED %s" % row[6] if row[6] else ""))

    def measure_prefs(name, verb, commands, floor_label, size):
        """Measures a workload of prefs; records its CPU time ratio and its peak memory above start-up.

        A quick run measures the large files' workloads on the floor and prefs alone."""
        if args.quick and name in large:
            commands = [commands[0]] + [command for command in commands if command[0].startswith("prefs " + verb)]
        rows = measure(commands, checked_rounds if name in large else rounds, env)
        row = next(row for row in rows if row[0].startswith("prefs " + verb))
        workload = "%s %s" % (verb, name)
        measured[(workload, "CPU time × " + floor_label)] = round(row[7], 3)
        if name == small[0]:
            startup_peaks[verb] = row[5]
        elif verb in startup_peaks:
            measured[(workload, "peak RSS above start-up × file")] = round((row[5] - startup_peaks[verb]) * 1024 / size, 3)
        return rows

    for name in small + large:
        size = os.path.getsize(os.path.join(inputs, name + ".plist"))
        k = key.get(name, "key000001")
        shutil.copyfile(os.path.join(inputs, name + ".plist"), os.path.join(home, name + ".plist"))
        os.chmod(os.path.join(home, name + ".plist"), 0o600)
        read = [("xmllint --noout (floor)", [xmllint, "--noout", copy(name, "floor")]),
                ("prefs read DOMAIN KEY", [args.prefs, "read", name, k]),
                ("xmllint --stream --noout", [xmllint, "--stream", "--noout", copy(name, "stream")]),
                ("python3 plistlib", [PYTHON, "-c", PLISTLIB_READ, copy(name, "py"), k])]
        if args.foundation:
            read.append(("Foundation PropertyListSerialization", [args.foundation, "read", copy(name, "fnd"), k]))
        if gnustep:
            gnustep_domain(name)
            read.append(("GNUstep defaults read", [gnustep, "read", name, k]))
        read_target = {"flat100000": "≤ 0.85×, memory above start-up ≤ 1.25× the file", "nested": "≤ 1.0×", "flat1300": "≤ 0.6×"}.get(name, "≤ 1.5×")
        section("read one key: %s (%d bytes)" % (name, size), measure_prefs(name, "read", read, "xmllint --noout", size), "xmllint --noout", read_target,
                size if name in large else None)

        # The domain as prefs keeps it: once written by prefs, it is canonical, and a write
        # replaces only the changed entry (generate.py's plistlib spells reals otherwise). That
        # first write rewrites the whole file: its peak memory is measured too.
        first_peak = int(subprocess.run([MAXRSS, args.prefs, "write", name, "bench", "warm"], env=env,
                                        capture_output=True, text=True, check=True).stdout)
        if name in large:
            measured[("first write " + name, "peak RSS above start-up × file")] = round(
                (first_peak - startup_peaks["write"]) * 1024 / size, 3)
            print("\n## first write, the whole file rewritten: %s\n  prefs write %35.1f MB  %.2fx file" % (
                name, first_peak / 1024, first_peak * 1024 / size))
        domain_size = os.path.getsize(os.path.join(home, name + ".plist"))
        py_file, fnd_file = copy(name, "pyw"), copy(name, "fndw")
        write = [("xmllint --noout (floor)", [xmllint, "--noout", copy(name, "floorw")]),
                 ("prefs write (fsync)", lambda r: [args.prefs, "write", name, "bench", "value%d" % r]),
                 ("xmllint --stream --noout", [xmllint, "--stream", "--noout", copy(name, "streamw")]),
                 ("cat", ["/bin/cat", copy(name, "catw")]),
                 ("python3 plistlib (no fsync)", lambda r: [PYTHON, "-c", PLISTLIB_WRITE, py_file, "bench", "value%d" % r])]
        if args.foundation:
            write.append(("Foundation (atomic, no fsync)", lambda r: [args.foundation, "write", fnd_file, "bench", "value%d" % r]))
        if gnustep:
            write.append(("GNUstep defaults write", lambda r: [gnustep, "write", name, "bench", "value%d" % r]))
        write_target = {"flat100000": "≤ 1.25×, memory above start-up ≤ 1.5× the file", "nested": "≤ 1.1×, memory ≤ 1.5× the file", "flat1300": "≤ 1.1×"}.get(
            name, "≤ 2.0×")
        section("write one key: %s (%d bytes)" % (name, domain_size), measure_prefs(name, "write", write, "xmllint --noout", domain_size),
                "xmllint --noout", write_target, domain_size if name in large else None)

        validate = [("xmllint --noout (floor)", [xmllint, "--noout", copy(name, "floorv")]),
                    ("prefs validate", [args.prefs, "validate", "--quiet", copy(name, "v")]),
                    ("xmllint --noout --dtdvalid", [xmllint, "--noout", "--dtdvalid", dtd, copy(name, "valid")]),
                    ("prefs convert --to json", [args.prefs, "convert", copy(name, "conv"), "--to", "json"])]
        validate_target = {"flat100000": "≤ 0.8×, memory flat in file size", "nested": "≤ 1.0×", "flat1300": "≤ 0.6×"}.get(name, "≤ 1.3×")
        section("validate: %s" % name, measure_prefs(name, "validate", validate, "xmllint --noout", size), "xmllint --noout", validate_target,
                size if name in large else None)

        manifest = os.path.join(inputs, name + ".manifest.plist")
        if os.path.exists(manifest):
            checked = [("prefs validate (floor)", [args.prefs, "validate", "--quiet", copy(name, "vfloor")]),
                       ("prefs validate --manifest", [args.prefs, "validate", "--quiet", "--manifest", manifest, copy(name, "vm")])]
            section("validate against a %d-key manifest: %s" % (len(open(manifest, "rb").read().split(b"<key>pfm_name</key>")) - 1, name),
                    measure(checked, rounds, env), "prefs validate", "≤ 1.5×")

    # A folder of property lists, as a CI job checks a repository: prefs walks it (skipping
    # .git) in one process; xmllint is given the same 342 files.
    tree = os.path.join(inputs, "tree342")
    tree_files = sorted(os.path.join(folder, name) for folder, folders, names in os.walk(tree)
                        if "/." not in folder[len(tree):] for name in names if name.endswith(".plist"))
    tree_bytes = sum(os.path.getsize(path) for path in tree_files)
    folder_rows = [("xmllint --noout FILES (floor)", [xmllint, "--noout"] + tree_files),
                   ("prefs validate --quiet FOLDER", [args.prefs, "validate", "--quiet", tree]),
                   ("prefs validate --quiet FILES", [args.prefs, "validate", "--quiet"] + tree_files),
                   ("xmllint --nonet --noout --dtdvalid FILES", [xmllint, "--nonet", "--noout", "--dtdvalid", dtd] + tree_files)]
    section("validate a folder: %d files, %d bytes" % (len(tree_files), tree_bytes), measure(folder_rows, rounds, env),
            "xmllint --noout", "≤ 1.0×")

    # Binary property lists: the whole file converted to XML, and one key read from a binary
    # domain, against plistlib and libplist's plistutil (which converts whole files only).
    plistutil = shutil.which("plistutil")
    for name in ["binary1000"] + ([] if args.quick else ["binary140000"]):
        path = os.path.join(inputs, name + ".plist")
        size = os.path.getsize(path)
        convert = [("cat (floor)", ["/bin/cat", path]),
                   ("prefs convert --to xml", [args.prefs, "convert", path, "--to", "xml"]),
                   ("python3 plistlib", [PYTHON, "-c", PLISTLIB_CONVERT, path])]
        if plistutil:
            convert.append(("plistutil (libplist)", [plistutil, "-i", path, "-o", "-", "-f", "xml"]))
        section("convert binary to XML: %s (%d bytes)" % (name, size), measure(convert, rounds, env), "cat",
                "faster than plistlib and plistutil")
        shutil.copyfile(path, os.path.join(home, name + ".plist"))
        os.chmod(os.path.join(home, name + ".plist"), 0o600)
        read = [("cat (floor)", ["/bin/cat", path]),
                ("prefs read DOMAIN KEY", [args.prefs, "read", name, "key000001"]),
                ("python3 plistlib", [PYTHON, "-c", PLISTLIB_READ, path, "key000001"])]
        if plistutil:
            read.append(("plistutil (whole file to XML)", [plistutil, "-i", path, "-o", "-", "-f", "xml"]))
        section("read one key of a binary domain: %s (%d bytes)" % (name, size), measure(read, rounds, env), "cat",
                "faster than plistlib and plistutil")

    startup = [("/bin/true (floor)", ["/bin/true"]), ("prefs --help", [args.prefs, "--help"])]
    startup_rows = measure(startup, max(rounds * 2, QUICK_STARTUP_ROUNDS), env)
    measured[("start-up", "CPU time × /bin/true")] = round(startup_rows[1][7], 3)
    section("start-up", startup_rows, "/bin/true", "≤ 2×")
    # Start-up in instructions, which a loaded machine does not change: a small fraction of a
    # millisecond is in the noise of a time, not of a count. valgrind 3.19 cannot read the DWARF 5 of the release build, so it counts a copy without
    # debug information (the same instructions).
    counted_prefs = os.path.join(work, "prefs")
    subprocess.run(["objcopy", "--strip-debug", args.prefs, counted_prefs], check=True)
    counted = [("start-up: prefs --help", [counted_prefs, "--help"]),
               ("start-up: read flat10", [counted_prefs, "read", "flat10", "key000001"]),
               ("start-up: write flat10", [counted_prefs, "write", "flat10", "bench", "counted"])]
    print("\n## start-up in instructions (callgrind)")
    for workload, argv in counted:
        count = instructions(argv, home, env["XDG_CACHE_HOME"])
        if count is not None:
            measured[(workload, "instructions")] = count
        print("  %-34s %s" % (argv[1] if len(argv) == 2 else " ".join(argv[1:3]), "{:,}".format(count) if count else "not counted (valgrind?)"))

    with open(args.out, "w") as out:
        out.write("# Benchmarks\n\nGenerated by `bash Benchmarks/run.sh` on %s (%s, %d cores), %d rounds, "
                  "interleaved. Ratio: median over rounds of (command time / floor time in the same round). "
                  "Memory: peak RSS of the process.\n" % (time.strftime("%Y-%m-%d"), platform.machine(), os.cpu_count(), rounds))
        for title, rows, floor_name, target, size in sections:
            out.write("\n## %s\n\nTarget for prefs: %s the floor (%s).\n\n" % (title, target, floor_name))
            if size:
                out.write("| command | median ms | min–max ms | × floor | peak MB | peak × file |\n|---|---:|---:|---:|---:|---:|\n")
            else:
                out.write("| command | median ms | min–max ms | × floor | peak MB |\n|---|---:|---:|---:|---:|\n")
            for row in rows:
                out.write("| %s | %.2f | %.2f–%.2f | %.2f | %.1f |%s%s\n" % (
                    row[0], row[1], row[2], row[3], row[4], row[5] / 1024,
                    " %.2f |" % (row[5] * 1024 / size) if size else "", " FAILED (%s)" % row[6] if row[6] else ""))
    document = thresholds.load(args.thresholds)
    if args.update_thresholds:
        thresholds.update(document, measured, {
            "date": time.strftime("%Y-%m-%d"), "machine": "%s, %d cores" % (platform.machine(), os.cpu_count()),
            "load average": round(os.getloadavg()[0], 1), "rounds": checked_rounds,
            "xmllint": subprocess.run([xmllint, "--version"], capture_output=True, text=True).stderr.split("\n")[0]})
        thresholds.write(document, args.thresholds)
        print("rewrote %s: review the diff" % args.thresholds)
    misses, lines = thresholds.check(document, measured)
    print("\n## Thresholds (Benchmarks/%s)\n" % thresholds.PATH_NAME + "\n".join("  " + line for line in lines))
    with open(args.out, "a") as out:
        out.write("\n## Thresholds\n\nChecked against `Benchmarks/%s` (see Benchmarks/README.md).\n\n" % thresholds.PATH_NAME)
        out.write("".join("- %s\n" % line for line in lines))
    shutil.rmtree(work)
    print("\nwrote " + args.out)
    if misses or any(row[6] for _, rows, _, _, _ in sections for row in rows if row[0].startswith("prefs")):
        sys.exit(1)


if __name__ == "__main__":
    main()
