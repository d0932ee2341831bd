"""Runs the `run:` steps of the repository's action.yml as a GitHub runner would, locally.

Reads action.yml with the pinned PyYAML, and runs each step's script with `bash -e` in the
current directory, with the environment a runner gives a composite action's step: the step's
`env:` with `${{ inputs.NAME }}` read from INPUT_<NAME> of this process (or the input's
default), GITHUB_ACTION_PATH, RUNNER_TEMP, and GITHUB_PATH / GITHUB_OUTPUT files whose lines
are applied as a runner applies them (a path line is put first on PATH for the later steps).
Any other `${{ }}` in a script is an error: scripts must read their inputs from the
environment. Prints `exit-code=N` and each output; exits with the first failing step's code.
Usage: run_action.py ACTION_DIR SCRATCH_DIR.
"""

import os
import re
import subprocess
import sys

import yaml

action_dir, scratch = sys.argv[1], sys.argv[2]
with open(os.path.join(action_dir, "action.yml"), encoding="utf-8") as f:
    action = yaml.safe_load(f)
assert action["runs"]["using"] == "composite", action["runs"]
inputs = action.get("inputs", {})

EXPR = re.compile(r"\$\{\{\s*(.*?)\s*\}\}")


def value(expr: str) -> str:
    match = re.fullmatch(r"inputs\.([A-Za-z0-9_-]+)", expr)
    if not match:
        sys.exit(f"run_action.py: no local value for ${{{{ {expr} }}}}")
    name = match.group(1)
    if name not in inputs:
        sys.exit(f"run_action.py: the action has no input `{name}`")
    env_name = "INPUT_" + name.replace("-", "_").upper()
    return os.environ.get(env_name, str(inputs[name].get("default", "")))


github_path = os.path.join(scratch, "github_path")
github_output = os.path.join(scratch, "github_output")
for path in (github_path, github_output):
    open(path, "w").close()
path = os.environ["PATH"]
for step in action["runs"]["steps"]:
    script = step["run"]
    if "${{" in script:
        sys.exit(f"run_action.py: step `{step['name']}` has an expression in its script")
    assert step.get("shell") == "bash", step
    env = {k: v for k, v in os.environ.items() if not k.startswith("INPUT_")}
    for key, raw in (step.get("env") or {}).items():
        env[key] = EXPR.sub(lambda m: value(m.group(1)), str(raw))
    env.update(
        GITHUB_ACTION_PATH=action_dir,
        RUNNER_TEMP=scratch,
        GITHUB_PATH=github_path,
        GITHUB_OUTPUT=github_output,
        PATH=path,
    )
    print(f"run_action.py: step `{step['name']}`", flush=True)
    code = subprocess.run(["bash", "--noprofile", "--norc", "-e", "-c", script], env=env).returncode
    with open(github_path, encoding="utf-8") as f:
        for line in f.read().splitlines()[::-1]:
            if line and line not in path.split(os.pathsep):
                path = line + os.pathsep + path
    open(github_path, "w").close()
    if code != 0:
        with open(github_output, encoding="utf-8") as f:
            sys.stdout.write(f.read())
        print(f"run_action.py: step `{step['name']}` exited {code}")
        sys.exit(code)
with open(github_output, encoding="utf-8") as f:
    sys.stdout.write(f.read())
