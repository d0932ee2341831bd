#!/usr/bin/env bash
# Builds the CLI's packages from this checkout and uses each as its users would: the Python wheel
# (maturin, from cli/pyproject.toml, `bindings = "bin"`) and the two npm packages
# (scripts/npm_package.py, then `npm pack`: the launcher `mcp-toolname` and this platform's
# `@mcp-toolname/cli-<platform>`, which hold the binary the wheel holds). Each is installed with
# no network, the wheel by pip into a new venv and the tarballs by npm --offline into an empty
# prefix (the other platforms' optional packages are left out, as npm leaves them out
# elsewhere), and each installed command (the venv's, npm's bin link, and `npm exec`, which is
# what `npx` runs) must print the crate's version, find a name that breaks the spec with
# `check`, and find it again with `audit --config` in a config whose server is the fixture
# server the CLI's tests use (cli/tests/oracles/server.mjs, on node).
#
# Usage: scripts/packages.sh OUT. Writes OUT/wheels (the wheel), OUT/npm (the packages and their
# tarballs), OUT/venv and OUT/npm-prefix (the installs). Needs maturin (MCP_TOOLNAME_MATURIN,
# which scripts/test-deps.sh installs pinned, else the one on PATH), Python 3, Node.js with npm,
# and cargo: the wheel is a debug build in CARGO_TARGET_DIR (default target/), without debug
# info as CI builds (CARGO_PROFILE_DEV_DEBUG=false), and `cargo package` later builds the CLI's
# dependencies with the same features, so what this builds of them it builds for both.
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:?usage: scripts/packages.sh OUT}"
mkdir -p "$out"
out="$(cd "$out" && pwd)"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$PWD/target}"
maturin="${MCP_TOOLNAME_MATURIN:-maturin}"
if ! command -v "$maturin" >/dev/null 2>&1; then
  echo "scripts/packages.sh: maturin not found; install it (pip install maturin==1.16.0) or set MCP_TOOLNAME_MATURIN to its path" >&2
  exit 2
fi
node="${MCP_TOOLNAME_NODE:-node}"
pkgid="$(cargo pkgid --offline -p mcp-toolname-cli)"
version="${pkgid##*@}"

rm -rf "$out/wheels" "$out/npm" "$out/venv" "$out/npm-prefix"
mkdir -p "$out/wheels" "$out/npm"

# The wheel. Its build is `cargo rustc` of the CLI alone: the tests' build of the same binary
# has the features of the whole workspace and its dev-dependencies, so it cannot be reused.
# Stripped, as a release's would be: a third smaller, so packing and installing are quicker.
(cd cli && "$maturin" build --profile dev --strip --out "$out/wheels")
wheel=("$out"/wheels/mcp_toolname-"$version"-*.whl)
[ "${#wheel[@]}" -eq 1 ] && [ -f "${wheel[0]}" ] || {
  echo "packages.sh: expected one mcp_toolname-$version wheel in $out/wheels" >&2
  exit 1
}
wheel="${wheel[0]}"

# The npm packages, with the binary out of the wheel: both ship the same build.
python3 - "$wheel" "$out/npm/mcp-toolname-bin" <<'EOF'
import shutil, sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as wheel:
    (name,) = [n for n in wheel.namelist() if n.endswith(".data/scripts/mcp-toolname")]
    with wheel.open(name) as src, open(sys.argv[2], "wb") as dst:
        shutil.copyfileobj(src, dst)
EOF
chmod 755 "$out/npm/mcp-toolname-bin"
python3 scripts/npm_package.py --binary "$out/npm/mcp-toolname-bin" --out "$out/npm" \
  > "$out/npm/folders.txt"
mapfile -t folders < "$out/npm/folders.txt"
tarballs=()
for folder in "${folders[@]}"; do
  tarball="$(cd "$folder" && npm pack --silent --pack-destination "$out/npm")"
  tarballs+=("$out/npm/$tarball")
done
rm "$out/npm/mcp-toolname-bin" "$out/npm/folders.txt"
for file in "$wheel" "${tarballs[@]}"; do
  echo "built $(basename "$file"): $(wc -c < "$file") bytes"
done

# A venv without its own pip (seeding one costs seconds): the pip of the tests' venv
# (scripts/test-deps.sh), or this machine's, installs into it.
python3 -m venv --without-pip "$out/venv"
"${MCP_TOOLNAME_PYTHON:-python3}" -m pip --python "$out/venv/bin/python" install --quiet \
  --disable-pip-version-check --no-index "$wheel"
npm install --prefix "$out/npm-prefix" --offline --no-audit --no-fund --loglevel=error \
  "${tarballs[@]}"

# A config with one server that lists a tool whose name breaks the spec.
echo '{"tools": ["search documents", "list_files"]}' > "$out/tools.json"
python3 - "$node" "$PWD/cli/tests/oracles/server.mjs" "$out/tools.json" > "$out/.mcp.json" <<'EOF'
import json, sys
node, server, spec = sys.argv[1:]
print(json.dumps({"mcpServers": {"docs": {"command": node, "args": [server, spec]}}}))
EOF

# Runs `$@`, and fails unless it exits with $1 and prints $2.
expect() {
  local code="$1" needle="$2" status=0 said
  shift 2
  said="$("$@" 2>&1)" || status=$?
  if [ "$status" -ne "$code" ] || [[ "$said" != *"$needle"* ]]; then
    printf 'packages.sh: `%s` exited %s (expected %s), printing:\n%s\n(expected to contain: %s)\n' \
      "$*" "$status" "$code" "$said" "$needle" >&2
    exit 1
  fi
}

for how in pip npm npx; do
  case "$how" in
    pip) cli=("$out/venv/bin/mcp-toolname") ;;
    npm) cli=("$out/npm-prefix/node_modules/.bin/mcp-toolname") ;;
    npx) cli=(npm exec --prefix "$out/npm-prefix" --offline --no -- mcp-toolname) ;;
  esac
  said="$("${cli[@]}" --version)"
  if [ "$said" != "mcp-toolname $version" ]; then
    echo "packages.sh: $how's mcp-toolname --version printed \`$said\`," \
      "not \`mcp-toolname $version\`" >&2
    exit 1
  fi
  expect 1 'error    `search documents`' "${cli[@]}" check 'search documents' list_files
  expect 1 'error    `search documents` [spec, contract, client]' \
    "${cli[@]}" audit --config "$out/.mcp.json"
  echo "$how: $said; check and audit --config found \`search documents\`"
done
