#!/usr/bin/env python3
"""Runs remat-opt (remat pipeline + report) and remat-run on every file of a
hostile-input corpus and checks that each gives a diagnostic and exit
status 1: never a crash (a signal), never a hang (a timeout), never
silence. Files under valid/ must instead succeed.

  run_corpus.py REMAT_OPT REMAT_RUN CORPUS_DIR VALID_DIR
"""
import os
import subprocess
import sys

TIMEOUT = 60


def run(cmd):
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, errors="replace",
                           timeout=TIMEOUT)
        return p.returncode, p.stderr
    except subprocess.TimeoutExpired:
        return "timeout", ""


def extra_options(path):
    with open(path, "rb") as f:
        head = f.read(200).decode("utf-8", "replace")
    return ["-allow-unregistered-dialect"] if "RUN-OPTIONS: -allow-unregistered-dialect" in head else []


def main():
    remat_opt, remat_run, corpus, valid = sys.argv[1:5]
    failures = 0
    for name in sorted(os.listdir(corpus)):
        path = os.path.join(corpus, name)
        for tool, cmd in [("remat-opt", [remat_opt, path, "-remat-pipeline", "-remat-report", "-o", os.devnull]),
                          ("remat-run", [remat_run, path, "--policy=selective"])]:
            code, err = run(cmd)
            ok = code == 1 and "error" in err
            failures += not ok
            print(f"{'ok' if ok else 'FAIL'}: {tool} {name}: exit {code}"
                  + ("" if ok else f"\n{err[-2000:]}"))
    for name in sorted(os.listdir(valid)):
        path = os.path.join(valid, name)
        code, err = run([remat_opt, path] + extra_options(path) +
                        ["-remat-pipeline", "-remat-report", "-o", os.devnull])
        ok = code == 0
        failures += not ok
        print(f"{'ok' if ok else 'FAIL'}: remat-opt valid/{name}: exit {code}" + ("" if ok else f"\n{err[-2000:]}"))
    print(f"{failures} failures")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
