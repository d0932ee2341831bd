#!/usr/bin/env node
// The `mcp-toolname` command of the npm package: the CLI is a native binary, shipped in one
// package per platform (`@mcp-toolname/cli-<platform>-<arch>`, `-musl` for Linux on musl),
// each an optional dependency of this package that npm installs only where its `os`, `cpu` and
// `libc` fields match. This script finds the one npm installed and runs its binary in its place.
// scripts/npm_package.py writes the packages; docs/cli.md says how they are published.
"use strict";

const { spawnSync } = require("node:child_process");
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");

const manifest = require("../package.json");

function fail(message) {
  process.stderr.write(`mcp-toolname: ${message}\n`);
  process.exit(2);
}

// Linux binaries are linked against glibc or musl, and one will not start on the other. Node's
// diagnostic report names the glibc it runs on, and names none on musl.
function linuxLibc() {
  if (!process.report) return "";
  // Gathering the network interfaces can take seconds, and they say nothing of the libc.
  process.report.excludeNetwork = true;
  const header = process.report.getReport().header;
  return header && header.glibcVersionRuntime ? "" : "-musl";
}

const libc = process.platform === "linux" ? linuxLibc() : "";
const platform = `${process.platform}-${process.arch}${libc}`;
const name = `@mcp-toolname/cli-${platform}`;
const exe = process.platform === "win32" ? "mcp-toolname.exe" : "mcp-toolname";

if (!(name in (manifest.optionalDependencies || {}))) {
  fail(
    `no npm package of mcp-toolname ${manifest.version} runs on ${platform}; build the CLI ` +
      "from the repository instead: cargo install --locked --path cli",
  );
}

let binary;
try {
  binary = path.join(path.dirname(require.resolve(`${name}/package.json`)), "bin", exe);
} catch {
  fail(
    `${name}, the package that holds the binary for ${platform}, is not installed; npm ` +
      "leaves optional dependencies out under --omit=optional (or --no-optional): install " +
      `it beside this one: npm install ${name}@${manifest.version}`,
  );
}
if (!fs.existsSync(binary)) {
  fail(`${name} is installed but has no ${path.join("bin", exe)}; reinstall it`);
}

// The binary gets this process's standard streams; a terminal's Ctrl-C reaches it directly, as
// both are in the foreground process group.
const run = spawnSync(binary, process.argv.slice(2), { stdio: "inherit" });
if (run.error) {
  fail(`could not run ${binary}: ${run.error.message}`);
}
if (run.signal) {
  // Ended by a signal: end this process by the same one, so a shell or CI sees what the
  // binary's caller would have seen. A signal Node.js ignores falls through to the exit code
  // a shell gives for it.
  process.kill(process.pid, run.signal);
  process.exit(128 + (os.constants.signals[run.signal] || 0));
}
process.exit(run.status);
