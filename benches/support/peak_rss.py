#!/usr/bin/env python3
"""Peak RSS and wall time of one command, without GNU time: for benches/memory.sh.

    python3 benches/support/peak_rss.py OUTFILE -- COMMAND [ARGS...]

Runs COMMAND with this process's stdin, stdout and stderr, reads VmHWM (the resident set's
high-water mark) from /proc/<pid>/status every 2 ms while it runs, and reaps it with wait4().
Writes "<peak KiB> <wall seconds> <source>" to OUTFILE. Exits with COMMAND's status (128 +
signal when killed). Linux only; the peak is COMMAND's own, not its children's.

Which reading: wait4's ru_maxrss (what `/usr/bin/time -v` reports) is exact at exit, but the
kernel folds into it the memory the process had before exec, which here is a copy of this
Python process (~10 MiB). So when ru_maxrss is above this process's own VmHWM after the
spawn, it can only be COMMAND's peak and is used (source `wait4`); otherwise COMMAND peaked
below that, and the last VmHWM polled is used (source `proc`; growth in the last 2 ms before
exit would be missed).
"""

import os
import subprocess
import sys
import time

POLL_SECONDS = 0.002


def vm_hwm_kib(pid: int) -> int:
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except (FileNotFoundError, ProcessLookupError, ValueError):
        pass
    return 0


def main() -> int:
    if len(sys.argv) < 4 or sys.argv[2] != "--":
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    outfile, command = sys.argv[1], sys.argv[3:]
    started = time.monotonic()
    try:
        child = subprocess.Popen(command)
    except OSError as e:
        print(f"peak_rss.py: cannot start {command[0]!r}: {e}", file=sys.stderr)
        return 127
    launcher_kib = vm_hwm_kib(os.getpid())  # Popen returns after the exec: an upper bound
    polled = 0
    while True:
        pid, status, rusage = os.wait4(child.pid, os.WNOHANG)
        if pid == child.pid:
            break
        polled = max(polled, vm_hwm_kib(child.pid))
        time.sleep(POLL_SECONDS)
    wall = time.monotonic() - started
    child.returncode = os.waitstatus_to_exitcode(status)  # reaped here, not by Popen
    if rusage.ru_maxrss > launcher_kib:  # KiB on Linux
        peak, source = max(polled, rusage.ru_maxrss), "wait4"
    else:
        peak, source = polled, "proc"
    if peak <= 0:
        print(f"peak_rss.py: no reading of {command[0]!r}'s memory", file=sys.stderr)
        return 1
    with open(outfile, "w") as f:
        f.write(f"{peak} {wall:.3f} {source}\n")
    code = child.returncode
    return 128 - code if code < 0 else code


if __name__ == "__main__":
    sys.exit(main())
