#!/usr/bin/env python3
"""recipes.py - runs the CI recipes of examples/ci/ (docs/ci.md) as their CI
would, so that they cannot rot: each YAML file is parsed (Debian's
python3-yaml), its shell steps are run in order in a scratch workspace, and
the files they promise (the JUnit file, the HTML report, the JSON results,
the Markdown summary) must be there and say what a run says.

What stands in for the CI service:
- GitHub Actions: `actions/checkout` of hexref (the step with `path:`) is a
  symbolic link to this source tree; the checkout of the engine's own
  repository has nothing to fetch (hexref stands in for the engine);
  `actions/upload-artifact` checks that every path it names exists. Any
  other `uses:` fails the test. RUNNER_TEMP, HOME, GITHUB_PATH (read after
  each step, as the runner does) and GITHUB_STEP_SUMMARY are the
  workspace's. Each `run:` is `bash -e {0}` with the job's and step's env.
- GitLab CI: the `git clone` of hexref is skipped by the recipe itself
  (`test -d "$HEXREF_SRC"`) since the link is there; before_script and
  script run in one bash, one line after the other, stopping at the first
  that fails, as GitLab's runner does; `artifacts:` paths and the JUnit
  report must exist.

Usage: recipes.py SOURCE_DIR SCRATCH_DIR
"""
import os
import shutil
import subprocess
import sys

import yaml

SRC, SCRATCH = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
failures = []


def check(ok, what):
    print(("ok   " if ok else "FAIL ") + what, flush=True)
    if not ok:
        failures.append(what)


def workspace(name):
    ws = os.path.join(SCRATCH, name)
    shutil.rmtree(ws, ignore_errors=True)
    os.makedirs(os.path.join(ws, "home"))
    os.makedirs(os.path.join(ws, "tmp"))
    return ws


def bash(script, ws, env, what):
    proc = subprocess.run(["bash", "-e", "-c", script], cwd=ws, env=env, capture_output=True,
                          text=True, timeout=900)
    check(proc.returncode == 0, f"{what}: exit {proc.returncode}" +
          ("" if proc.returncode == 0 else f"\n{proc.stdout[-1500:]}\n{proc.stderr[-1500:]}"))
    return proc.returncode == 0


def strings(mapping):
    return {str(k): str(v) for k, v in (mapping or {}).items()}


def github(path):
    doc = yaml.safe_load(open(path, encoding="utf-8"))
    jobs = doc.get("jobs") or {}
    check(bool(jobs), f"{path}: has jobs")
    for name, job in jobs.items():
        steps = job.get("steps") or []
        check(any("run" in s for s in steps), f"{path}: job {name} has run steps")
        ws = workspace("github-" + name)
        files = {"GITHUB_PATH": os.path.join(ws, "github_path"),
                 "GITHUB_STEP_SUMMARY": os.path.join(ws, "summary.md")}
        for f in files.values():
            open(f, "w").close()
        env = dict(os.environ, HOME=os.path.join(ws, "home"), RUNNER_TEMP=os.path.join(ws, "tmp"),
                   CI="true", **files, **strings(job.get("env")))
        ok = True
        for i, step in enumerate(steps):
            label = f"{path}: job {name} step {i + 1} ({step.get('name') or step.get('uses')})"
            uses = step.get("uses", "")
            if uses.startswith("actions/checkout@"):
                target = (step.get("with") or {}).get("path")
                if target:
                    os.symlink(SRC, os.path.join(ws, target))
                continue
            if uses.startswith("actions/upload-artifact@"):
                wanted = str((step.get("with") or {}).get("path", "")).split()
                missing = [p for p in wanted if not os.path.exists(os.path.join(ws, p))]
                check(bool(wanted) and not missing, f"{label}: artifacts {wanted}, missing {missing}")
                continue
            if uses:
                check(False, f"{label}: no stand-in for '{uses}'")
                continue
            if not ok and step.get("if") != "always()":
                continue
            ok = bash(step["run"], ws, dict(env, **strings(step.get("env"))), label) and ok
            with open(files["GITHUB_PATH"], encoding="utf-8") as f:
                added = [line.strip() for line in f if line.strip()]
            env["PATH"] = os.pathsep.join(added[::-1] + [os.environ["PATH"]])
        summary = open(files["GITHUB_STEP_SUMMARY"], encoding="utf-8").read()
        check(summary.startswith("### ✅ hexref verify: ") and " 0 failed" in summary,
              f"{path}: the step summary says the run passed: {summary[:200]!r}")
        results(ws, path)


def gitlab(path):
    doc = yaml.safe_load(open(path, encoding="utf-8"))
    jobs = {k: v for k, v in doc.items() if isinstance(v, dict) and "script" in v}
    check(bool(jobs), f"{path}: has jobs with a script")
    for name, job in jobs.items():
        ws = workspace("gitlab-" + name)
        os.symlink(SRC, os.path.join(ws, strings(job.get("variables")).get("HEXREF_SRC", "hexref")))
        lines = list(job.get("before_script") or []) + list(job["script"])
        check(bool(job["script"]), f"{path}: job {name} has script lines")
        env = dict(os.environ, HOME=os.path.join(ws, "home"), CI="true",
                   **strings(job.get("variables")))
        bash("\n".join(lines), ws, env, f"{path}: job {name} script")
        art = job.get("artifacts") or {}
        wanted = list(art.get("paths") or []) + list((art.get("reports") or {}).values())
        missing = [p for p in wanted if not os.path.exists(os.path.join(ws, p))]
        check(bool(wanted) and not missing, f"{path}: job {name} artifacts {wanted}, missing {missing}")
        summary = open(os.path.join(ws, "hexref-summary.md"), encoding="utf-8").read()
        check(summary.startswith("### ✅ hexref verify: "), f"{path}: summary {summary[:120]!r}")
        results(ws, path)


def results(ws, path):
    """The files a recipe promises hold what a run writes."""
    junit = open(os.path.join(ws, "hexref-junit.xml"), encoding="utf-8").read()
    check("<testsuite" in junit and 'failures="0"' in junit, f"{path}: JUnit with no failure")
    html = open(os.path.join(ws, "hexref-report.html"), encoding="utf-8").read()
    check(html.lstrip().lower().startswith("<!doctype html") and "</html>" in html,
          f"{path}: a whole HTML report")
    jsonl = open(os.path.join(ws, "hexref-results.jsonl"), encoding="utf-8").read().splitlines()
    check(len(jsonl) > 20, f"{path}: {len(jsonl)} JSON result lines (random 20 and the fixtures)")


github(os.path.join(SRC, "examples/ci/github-actions.yml"))
gitlab(os.path.join(SRC, "examples/ci/gitlab-ci.yml"))
print(f"recipes: {len(failures)} failed")
sys.exit(1 if failures else 0)
