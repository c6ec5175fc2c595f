"""The thresholds a benchmark run must meet: Benchmarks/thresholds.json, checked and rewritten.

The file holds one entry per workload and metric:

    "read flat100000": {"time × xmllint --noout": {"limit": 0.85, "goal": 0.85, "headroom": 0.1,
                                                  "measured": 0.79, "knownMiss": "#30 ..."}}

limit is what a run must not exceed; goal is the issue's target (null where none is set); headroom
is the fraction added to a measured value for noise when the file is rewritten; measured is the
value the limit was last set from; knownMiss, where present, names the issue that tracks a limit
missed today: such a miss is reported loudly but does not fail the run. The limit is the measured
value plus its headroom, or the goal where that is lower, so that an entry defends what is
achieved today, not only what the issue asks for. A workload in the file that a run did not
measure fails it as a miss does.
"""
import json
import math

PATH_NAME = "thresholds.json"


def load(path):
    with open(path, encoding="utf-8") as handle:
        return json.load(handle)


def limit_for(measured, goal, headroom, integral):
    """measured plus headroom, rounded up (to 1,000 for counts, to 0.01 for ratios), capped at goal."""
    if integral:
        limit = math.ceil(measured * (1 + headroom) / 1000) * 1000
    else:
        limit = math.ceil(round(measured * (1 + headroom) * 100, 6)) / 100
    return min(limit, goal) if goal is not None else limit


def describe(value):
    return "{:,}".format(value) if isinstance(value, int) else "%.2f" % value


def check(document, measured):
    """Compares measured values, {(workload, metric): value}, with the document's limits.

    Returns the number of misses that fail the run and one line per entry, which name the
    workload, the metric, the measured value and the limit."""
    failures = 0
    lines = []
    for workload, metrics in document["thresholds"].items():
        for metric, entry in metrics.items():
            value = measured.get((workload, metric))
            limit = entry["limit"]
            goal = "" if entry.get("goal") is None else ", goal %s" % describe(entry["goal"])
            if value is None:
                lines.append("MISS  %s: %s was not measured (limit %s)" % (workload, metric, describe(limit)))
                failures += 1
            elif value <= limit:
                note = ""
                if entry.get("knownMiss"):
                    note = "  (known miss %s now passes: remove knownMiss)" % entry["knownMiss"].split(":")[0]
                lines.append("ok    %s: %s %s ≤ limit %s%s%s" % (workload, metric, describe(value), describe(limit), goal, note))
            elif entry.get("knownMiss"):
                lines.append("KNOWN MISS  %s: %s %s > limit %s%s -- %s (does not fail the run)" % (
                    workload, metric, describe(value), describe(limit), goal, entry["knownMiss"]))
            else:
                lines.append("MISS  %s: %s %s > limit %s%s" % (workload, metric, describe(value), describe(limit), goal))
                failures += 1
    if failures:
        lines.append("%d threshold(s) missed. If a change is meant to cost this, rewrite the limits with "
                     "`bash Benchmarks/run.sh --quick --update-thresholds` and have the diff reviewed." % failures)
    return failures, lines


def update(document, measured, about):
    """Sets every entry's measured value and limit from this run; keeps goal, headroom and knownMiss.

    An entry whose measured value is over its goal keeps the goal as its limit and says so: it
    either gets a knownMiss naming the issue, by hand, or fails the next run."""
    document["measuredWith"] = about
    for workload, metrics in document["thresholds"].items():
        for metric, entry in metrics.items():
            value = measured.get((workload, metric))
            if value is None:
                print("  not measured, left as it was: %s: %s" % (workload, metric))
                continue
            entry["measured"] = value
            entry["limit"] = limit_for(value, entry.get("goal"), entry["headroom"], isinstance(value, int))
            if entry.get("goal") is not None and value > entry["goal"] and not entry.get("knownMiss"):
                print("  over its goal, add a knownMiss naming the issue or fix it: %s: %s %s > %s" % (
                    workload, metric, describe(value), describe(entry["goal"])))


def write(document, path):
    with open(path, "w", encoding="utf-8") as handle:
        json.dump(document, handle, ensure_ascii=False, indent=2)
        handle.write("\n")
