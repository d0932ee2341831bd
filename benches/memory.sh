#!/usr/bin/env bash
# Memory: peak RSS and wall time of
#   (a) the calculator example (in PROFILE, release by default) serving a short scripted MCP
#       session over stdio: initialize, tools/list, then CALLS rounds of tools/call to its four
#       tools and two aliases, driven by benches/support/mcp_session.py, which checks every answer;
#   (b) `mcp-toolname audit -- python3 benches/support/many_tools_server.py` (CLI in PROFILE,
#       text report; AUDIT_FORMAT=json for the JSON one): a generated stdio server listing
#       MANY_TOOLS tools in pages of PAGE_SIZE (nextCursor).
#       The peak is the CLI's own; the Python server is not counted.
# Peak RSS comes from GNU time (`/usr/bin/time`, ru_maxrss) when it is installed, else from
# benches/support/peak_rss.py, which polls VmHWM in /proc/<pid>/status every 2 ms and reads
# ru_maxrss from wait4() (its docstring says which it reports when): nothing to install.
# Force one with RSS_METHOD=time or RSS_METHOD=proc; the table says which was used.
# Prints a markdown table (what, peak RSS in MiB, wall time) on stdout; progress on stderr.
#
# Run (from anywhere; the release builds take a few minutes the first time, the measurements
# a few seconds):
#   benches/memory.sh
#   MANY_TOOLS=1000 RUNS=1 benches/memory.sh       # quicker
#   PROFILE=dev MANY_TOOLS=50 RUNS=1 CALLS=1 benches/memory.sh   # a check that it works (CI),
#                                                   # on the debug builds `cargo test` made
# Settings (environment):
#   RUNS=3              measurements of each; the table shows the largest peak and the median time
#   CALLS=5             rounds of the six tools/call in (a)
#   MANY_TOOLS=10000    tools the generated server lists in (b)
#   PAGE_SIZE=1000      tools per tools/list page in (b)
#   AUDIT_FORMAT=text   the audit's --format in (b): text (the default report) or json
#   RSS_METHOD=auto     auto, time or proc (see above)
#   PROFILE=release     cargo profile of both binaries: release (the figures BENCHMARKS.md
#                       gives) or dev (debug builds: quick to get, not figures to compare)
#   CARGO_TARGET_DIR    where the builds go (default: cargo's, the repo's target/)
# Needs: bash, cargo, python3 (3.9+), coreutils, awk; Linux (/proc). No network but crates.io.
# Exits non-zero, saying why, when a build, the session, or the audit fails.

set -euo pipefail
shopt -s inherit_errexit

REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
SUPPORT=$REPO/benches/support
RUNS=${RUNS:-3}
CALLS=${CALLS:-5}
MANY_TOOLS=${MANY_TOOLS:-10000}
PAGE_SIZE=${PAGE_SIZE:-1000}
RSS_METHOD=${RSS_METHOD:-auto}
AUDIT_FORMAT=${AUDIT_FORMAT:-text}
PROFILE=${PROFILE:-release}

die() { echo "memory.sh: error: $*" >&2; exit 1; }
log() { echo "memory.sh: $*" >&2; }

for v in RUNS CALLS MANY_TOOLS PAGE_SIZE; do
    [[ ${!v} =~ ^[1-9][0-9]*$ ]] || die "$v must be a positive integer (got '${!v}')"
done
command -v cargo >/dev/null || die "cargo not found"
command -v python3 >/dev/null || die "python3 not found (it drives the session and plays the 10,000-tool server)"
[[ -r /proc/self/status ]] || die "no /proc: Linux only"
[[ $AUDIT_FORMAT == text || $AUDIT_FORMAT == json ]] || die "AUDIT_FORMAT must be text or json (got '$AUDIT_FORMAT')"
[[ $PROFILE == dev || $PROFILE == release ]] || die "PROFILE must be dev or release (got '$PROFILE')"
if [[ $PROFILE == release ]]; then PROFILE_FLAG=(--release); BIN_DIR=release; else PROFILE_FLAG=(); BIN_DIR=debug; fi
build_cmds="cargo build${PROFILE_FLAG[*]:+ ${PROFILE_FLAG[*]}} --example calculator\`, \`cargo build${PROFILE_FLAG[*]:+ ${PROFILE_FLAG[*]}} -p mcp-toolname-cli"

# GNU time only: BusyBox's and BSD's take other flags. `-f %M` is the figure `-v` prints as
# "Maximum resident set size (kbytes)".
gnu_time_works() {
    [[ -x /usr/bin/time ]] && /usr/bin/time -f '%M %e' -o /dev/null true 2>/dev/null
}
case $RSS_METHOD in
    auto) if gnu_time_works; then RSS_METHOD=time; else RSS_METHOD=proc; fi ;;
    time) gnu_time_works || die "RSS_METHOD=time, but /usr/bin/time is missing or not GNU time (apt-get install time)" ;;
    proc) ;;
    *) die "RSS_METHOD must be auto, time or proc (got '$RSS_METHOD')" ;;
esac

WORK=$(mktemp -d "${TMPDIR:-/tmp}/mcp-toolname-memory-bench.XXXXXX")
trap 'rm -rf "$WORK"' EXIT

# measure OUTFILE: the wrapper that writes "<peak KiB> <wall s>" to OUTFILE for the command after it.
measure() {
    if [[ $RSS_METHOD == time ]]; then
        printf '%s\n' /usr/bin/time -f '%M %e' -o "$1"
    else
        printf '%s\n' python3 "$SUPPORT/peak_rss.py" "$1" --
    fi
}

# ---------------------------------------------------------------------------------------------
log "building the calculator example and the CLI, profile $PROFILE (CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-<default>})"
if ! (cd "$REPO" && cargo build "${PROFILE_FLAG[@]}" --example calculator &&
    cargo build "${PROFILE_FLAG[@]}" -p mcp-toolname-cli) >"$WORK/build.log" 2>&1; then
    echo "memory.sh: error: the $PROFILE build failed; last lines:" >&2
    tail -n 60 "$WORK/build.log" >&2
    exit 1
fi
TARGET=$(cd "$REPO" && cargo metadata --format-version 1 --no-deps |
    python3 -c 'import json, sys; print(json.load(sys.stdin)["target_directory"])')
CALCULATOR=$TARGET/$BIN_DIR/examples/calculator
CLI=$TARGET/$BIN_DIR/mcp-toolname
[[ -x $CALCULATOR ]] || die "no calculator binary at $CALCULATOR"
[[ -x $CLI ]] || die "no mcp-toolname binary at $CLI"

# ---------------------------------------------------------------------------------------------
# (a) the calculator over stdio. `--now` puts the clock inside both alias windows.
run_calculator() {
    local out=$1 wrapper
    mapfile -t wrapper < <(measure "$out")
    if ! python3 "$SUPPORT/mcp_session.py" --calls "$CALLS" -- \
        "${wrapper[@]}" "$CALCULATOR" --now 2026-10-01T00:00:00Z 2>"$WORK/session.err"; then
        echo "memory.sh: error: the calculator session failed:" >&2
        cat "$WORK/session.err" >&2
        exit 1
    fi
}

# (b) the audit of a server listing MANY_TOOLS tools.
run_audit() {
    local out=$1 wrapper code=0
    mapfile -t wrapper < <(measure "$out")
    "${wrapper[@]}" "$CLI" audit --timeout 300 --format "$AUDIT_FORMAT" -- \
        python3 "$SUPPORT/many_tools_server.py" --tools "$MANY_TOOLS" --page-size "$PAGE_SIZE" \
        >"$WORK/audit.out" 2>"$WORK/audit.err" || code=$?
    # 0: audited, no name breaks the spec (the generated names are all spec-valid).
    if ((code != 0)); then
        echo "memory.sh: error: mcp-toolname audit exited $code; its stderr:" >&2
        tail -n 40 "$WORK/audit.err" >&2
        exit 1
    fi
    grep -q "^listed $MANY_TOOLS tools in $(((MANY_TOOLS + PAGE_SIZE - 1) / PAGE_SIZE)) page" "$WORK/audit.err" ||
        die "the audit did not list $MANY_TOOLS tools in pages of $PAGE_SIZE; its stderr: $(tail -n 5 "$WORK/audit.err")"
    [[ -s $WORK/audit.out ]] || die "the audit printed no report"
    if [[ $AUDIT_FORMAT == json ]]; then
        python3 -c 'import json, sys; assert len(json.load(open(sys.argv[1]))["tools"]) == int(sys.argv[2])' \
            "$WORK/audit.out" "$MANY_TOOLS" || die "the audit's JSON report does not hold $MANY_TOOLS tools"
    fi
}

# summarize NAME: reads $WORK/NAME.* ("<KiB> <s>" each), prints "<max MiB>|<median s>|<each MiB>".
summarize() {
    local f rows
    rows=$(for f in "$WORK/$1".*; do
        [[ -s $f ]] || die "no measurement in $f"
        tail -n 1 "$f"
    done)
    local max median all
    max=$(awk '$1 > m { m = $1 } END { printf "%.1f", m / 1024 }' <<<"$rows")
    all=$(awk '{ printf "%s%.1f", (NR > 1 ? ", " : ""), $1 / 1024 }' <<<"$rows")
    median=$(awk '{ print $2 }' <<<"$rows" | sort -g |
        awk '{ v[NR] = $1 } END { printf "%.3f", (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }')
    echo "$max|$median|$all"
}

for ((r = 1; r <= RUNS; r++)); do
    run_calculator "$WORK/rss-calculator.$r"
    log "run $r/$RUNS: calculator session: $(cat "$WORK/rss-calculator.$r") (KiB, s)"
    run_audit "$WORK/rss-audit.$r"
    log "run $r/$RUNS: audit of $MANY_TOOLS tools: $(cat "$WORK/rss-audit.$r") (KiB, s)"
done

calc=$(summarize rss-calculator)
audit=$(summarize rss-audit)
IFS='|' read -r calc_mib calc_s calc_all <<<"$calc"
IFS='|' read -r audit_mib audit_s audit_all <<<"$audit"
if [[ $RSS_METHOD == time ]]; then
    method='GNU time (`/usr/bin/time -f %M`, ru_maxrss of the measured process)'
else
    method='`benches/support/peak_rss.py` (VmHWM polled from /proc/<pid>/status every 2 ms, and ru_maxrss from wait4)'
fi
model=$(awk -F': ' '/^model name/ { print $2; exit }' /proc/cpuinfo 2>/dev/null || true)
if [[ $PROFILE == release ]]; then PROFILE_NAME=release; else PROFILE_NAME='dev profile, debug build: not comparable with release figures'; fi
cat <<EOF
## Memory: peak RSS

| what | peak RSS (MiB) | wall time (s) |
|---|---|---|
| calculator example ($PROFILE_NAME), stdio session: initialize, tools/list, $((6 * CALLS)) tools/call | $calc_mib | $calc_s |
| \`mcp-toolname audit --format $AUDIT_FORMAT\` ($PROFILE_NAME) of a stdio server listing $MANY_TOOLS tools in pages of $PAGE_SIZE | $audit_mib | $audit_s |

Largest peak and median wall time over $RUNS runs (peaks per run, MiB: calculator $calc_all; audit $audit_all).
Peak RSS: $method. The audit's peak is the CLI's own, without the Python server it starts; the
calculator's wall time includes the driver's round trips.

Commands, from \`$REPO\`:
- \`$build_cmds\`
- (a) \`python3 benches/support/mcp_session.py --calls $CALLS -- <measure> $CALCULATOR --now 2026-10-01T00:00:00Z\`
- (b) \`<measure> $CLI audit --timeout 300 --format $AUDIT_FORMAT -- python3 benches/support/many_tools_server.py --tools $MANY_TOOLS --page-size $PAGE_SIZE\`

Toolchain: \`$(rustc -V)\`. Machine: $(nproc) CPUs (\`nproc\`), ${model:-unknown CPU model}, $(uname -sr).
EOF
