#!/usr/bin/env python3
"""Times prefs against its peers, whole process by whole process, interleaved round by round.

Each workload runs every command once per round, in the same order, so machine noise hits all
of them alike; the ratio to the floor (xmllint --noout on the same file, or /bin/true for start-up)
is taken pair by pair within a round, and its median reported. Peak memory is the child's
ru_maxrss. Results go to stdout and to the Markdown file given with --out.

    python3 Benchmarks/run.py --prefs BIN --foundation BIN --out BENCHMARKS.md [--quick] [--rounds N]
"""
import argparse
import os
import platform
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
PYTHON = "/usr/bin/python3" if os.path.exists("/usr/bin/python3") else sys.executable
MAXRSS = os.environ.get("MAXRSS", os.path.join(ROOT, ".build-release", "peers", "maxrss"))

PLISTLIB_READ = "import plistlib,sys\nd=plistlib.load(open(sys.argv[1],'rb'))\nprint(d.get(sys.argv[2]))"
PLISTLIB_CONVERT = "import plistlib,sys\nsys.stdout.buffer.write(plistlib.dumps(plistlib.load(open(sys.argv[1],'rb'))))"
PLISTLIB_WRITE = ("import plistlib,sys,os\np=sys.argv[1]\nd=plistlib.load(open(p,'rb'))\nd[sys.argv[2]]=sys.argv[3]\n"
                  "t=p+'.tmp'\nf=open(t,'wb')\nplistlib.dump(d,f)\nf.close()\nos.replace(t,p)")


DEVNULL = [(os.POSIX_SPAWN_OPEN, 1, os.devnull, os.O_WRONLY, 0), (os.POSIX_SPAWN_OPEN, 2, os.devnull, os.O_WRONLY, 0)]


def run_once(argv, env):
    """Runs argv, returns (seconds, exit status)."""
    start = time.perf_counter()
    pid = os.posix_spawn(argv[0], argv, env, file_actions=DEVNULL)
    _, status = os.waitpid(pid, 0)
    return time.perf_counter() - start, os.waitstatus_to_exitcode(status)


def peak_memory(argv, env):
    """The peak RSS of argv in KiB, measured by Benchmarks/maxrss.c (see there why)."""
    output = subprocess.run([MAXRSS] + argv, env=env, capture_output=True, text=True).stdout.strip()
    return int(output or 0)


def measure(commands, rounds, env):
    """commands: [(label, argv-or-callable(round))]; the first is the floor."""
    times = {label: [] for label, _ in commands}
    memory = {label: 0 for label, _ in commands}
    failures = {}
    for round_index in range(rounds + 1):
        for label, argv in commands:
            argv = argv(round_index) if callable(argv) else argv
            if round_index == 0:  # round 0 warms caches and measures memory
                memory[label] = peak_memory(argv, env)
            seconds, status = run_once(argv, env)
            if status != 0:
                failures[label] = status
            if round_index > 0:
                times[label].append(seconds)
    floor = commands[0][0]
    rows = []
    for label, _ in commands:
        ratios = [t / f for t, f in zip(times[label], times[floor])]
        rows.append((label, statistics.median(times[label]) * 1000, min(times[label]) * 1000,
                     max(times[label]) * 1000, statistics.median(ratios), memory[label], failures.get(label)))
    return rows


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--prefs", required=True)
    parser.add_argument("--foundation")
    parser.add_argument("--out", default=os.path.join(ROOT, "BENCHMARKS.md"))
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--quick", action="store_true", help="small files only, 3 rounds (for CI)")
    args = parser.parse_args()
    rounds = 3 if args.quick else args.rounds

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
    large = [] if args.quick else ["flat100000", "nested"]
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
        read_target = {"flat100000": "≤ 0.85×, memory ≤ 1.5× the file", "nested": "≤ 1.0×", "flat1300": "≤ 0.6×"}.get(name, "≤ 1.5×")
        section("read one key: %s (%d bytes)" % (name, size), measure(read, rounds, env), "xmllint --noout", read_target,
                size if name in large else None)

        # The domain as prefs keeps it: once written by prefs, it is canonical, and a write
        # replaces only the changed entry (generate.py's plistlib spells reals otherwise).
        subprocess.run([args.prefs, "write", name, "bench", "warm"], env=env, check=True)
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
        write_target = {"flat100000": "≤ 1.25×, memory ≤ 1.5× the file", "nested": "≤ 1.1×, memory ≤ 1.5× the file", "flat1300": "≤ 1.1×"}.get(
            name, "≤ 2.0×")
        section("write one key: %s (%d bytes)" % (name, size), measure(write, rounds, env), "xmllint --noout", write_target,
                size if name in large else None)

        validate = [("xmllint --noout (floor)", [xmllint, "--noout", copy(name, "floorv")]),
                    ("prefs validate", [args.prefs, "validate", "--quiet", copy(name, "v")]),
                    ("xmllint --noout --dtdvalid", [xmllint, "--noout", "--dtdvalid", dtd, copy(name, "valid")]),
                    ("prefs convert --to json", [args.prefs, "convert", copy(name, "conv"), "--to", "json"])]
        validate_target = {"flat100000": "≤ 0.8×, memory flat in file size", "nested": "≤ 1.0×", "flat1300": "≤ 0.6×"}.get(name, "≤ 1.3×")
        section("validate: %s" % name, measure(validate, rounds, env), "xmllint --noout", validate_target,
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
    section("start-up", measure(startup, rounds * 2, env), "/bin/true", "≤ 3×")

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
    shutil.rmtree(work)
    print("\nwrote " + args.out)
    if any(row[6] for _, rows, _, _, _ in sections for row in rows if row[0].startswith("prefs")):
        sys.exit(1)


if __name__ == "__main__":
    main()
