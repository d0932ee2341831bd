"""Writes the npm packages of the `mcp-toolname` CLI, ready for `npm pack` or `npm publish`.

Usage: npm_package.py --binary PATH --out DIR [--platform NAME]

Two packages, as tools that ship a native binary through npm do: `DIR/cli-NAME` holds the
binary for one platform (`@mcp-toolname/cli-NAME`, with the `os`, `cpu` and `libc` fields that
let npm skip it elsewhere), and `DIR/mcp-toolname` is the package users install: its `bin` is
cli/npm/launcher.js, which runs the binary of whichever platform package npm installed, and it
lists every platform package as an optional dependency. NAME is this machine's platform unless
given (a release runs this once per target, each with its binary). Version, licence,
description, keywords and any homepage or repository come from `cargo metadata` of the CLI's
crate, so no version is written by hand. Prints the two folders.
"""

import argparse
import json
import os
import platform
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CLI = ROOT / "cli"
SCOPE = "@mcp-toolname"

# The platform packages: npm's name for the platform (process.platform, process.arch, and
# `-musl` for Linux on musl, as the launcher computes it), npm's `os`, `cpu` and `libc`, and the
# Rust target a release builds its binary for.
PLATFORMS = {
    "linux-x64": ("linux", "x64", "glibc", "x86_64-unknown-linux-gnu"),
    "linux-arm64": ("linux", "arm64", "glibc", "aarch64-unknown-linux-gnu"),
    "linux-x64-musl": ("linux", "x64", "musl", "x86_64-unknown-linux-musl"),
    "linux-arm64-musl": ("linux", "arm64", "musl", "aarch64-unknown-linux-musl"),
    "darwin-x64": ("darwin", "x64", None, "x86_64-apple-darwin"),
    "darwin-arm64": ("darwin", "arm64", None, "aarch64-apple-darwin"),
    "win32-x64": ("win32", "x64", None, "x86_64-pc-windows-msvc"),
    "win32-arm64": ("win32", "arm64", None, "aarch64-pc-windows-msvc"),
}


def host_platform() -> str:
    system = {"Linux": "linux", "Darwin": "darwin", "Windows": "win32"}.get(platform.system())
    arch = {"x86_64": "x64", "amd64": "x64", "aarch64": "arm64", "arm64": "arm64"}.get(
        platform.machine().lower()
    )
    name = f"{system}-{arch}"
    if system == "linux" and platform.libc_ver()[0] != "glibc":
        name += "-musl"
    return name


def crate_metadata() -> dict:
    cargo = os.environ.get("CARGO", "cargo")
    out = subprocess.run(
        [cargo, "metadata", "--format-version", "1", "--no-deps", "--offline",
         "--manifest-path", str(CLI / "Cargo.toml")],
        check=True, capture_output=True, text=True,
    ).stdout
    (package,) = [p for p in json.loads(out)["packages"] if p["name"] == "mcp-toolname-cli"]
    return package


def common_fields(crate: dict) -> dict:
    fields = {
        "version": crate["version"],
        "license": crate["license"],
        "keywords": crate["keywords"],
    }
    for key in ("homepage", "repository"):
        if crate.get(key):
            fields[key] = crate[key]
    return fields


def write_json(path: Path, value: dict) -> None:
    path.write_text(json.dumps(value, indent=2) + "\n", encoding="utf-8")


def copy_licences(folder: Path) -> None:
    for name in ("LICENSE-MIT", "LICENSE-APACHE"):
        shutil.copyfile(CLI / name, folder / name)


def platform_package(crate: dict, name: str, binary: Path, out: Path) -> Path:
    npm_os, cpu, libc, target = PLATFORMS[name]
    folder = out / f"cli-{name}"
    shutil.rmtree(folder, ignore_errors=True)
    (folder / "bin").mkdir(parents=True)
    exe = "mcp-toolname.exe" if npm_os == "win32" else "mcp-toolname"
    shutil.copyfile(binary, folder / "bin" / exe)
    os.chmod(folder / "bin" / exe, 0o755)
    manifest = {
        "name": f"{SCOPE}/cli-{name}",
        "description": f"The mcp-toolname binary for {name} ({target}); install `mcp-toolname`,"
        " which runs it",
        **common_fields(crate),
        "os": [npm_os],
        "cpu": [cpu],
    }
    if libc:
        manifest["libc"] = [libc]
    # Yarn's Plug'n'Play serves packages from zip files, where no binary can run.
    manifest["preferUnplugged"] = True
    write_json(folder / "package.json", manifest)
    (folder / "README.md").write_text(
        f"# {SCOPE}/cli-{name}\n\nThe `mcp-toolname` binary for {name}, built for `{target}`. "
        "Install `mcp-toolname` instead: npm installs this package with it on this platform, "
        "and its command runs this binary.\n",
        encoding="utf-8",
    )
    copy_licences(folder)
    return folder


def launcher_package(crate: dict, out: Path) -> Path:
    folder = out / "mcp-toolname"
    shutil.rmtree(folder, ignore_errors=True)
    (folder / "bin").mkdir(parents=True)
    shutil.copyfile(CLI / "npm" / "launcher.js", folder / "bin" / "mcp-toolname.js")
    os.chmod(folder / "bin" / "mcp-toolname.js", 0o755)
    manifest = {
        "name": "mcp-toolname",
        "description": crate["description"],
        **common_fields(crate),
        "bin": {"mcp-toolname": "bin/mcp-toolname.js"},
        # The launcher's `node:` imports and process.report.
        "engines": {"node": ">=16"},
        "optionalDependencies": {f"{SCOPE}/cli-{p}": crate["version"] for p in PLATFORMS},
    }
    write_json(folder / "package.json", manifest)
    shutil.copyfile(CLI / "README.md", folder / "README.md")
    copy_licences(folder)
    return folder


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", type=Path, required=True, help="the built mcp-toolname")
    parser.add_argument("--out", type=Path, required=True, help="where to write the packages")
    parser.add_argument("--platform", default=None, choices=sorted(PLATFORMS),
                        help="the binary's platform (default: this machine's)")
    args = parser.parse_args()
    name = args.platform or host_platform()
    if name not in PLATFORMS:
        sys.exit(f"npm_package.py: no npm package for this machine's platform ({name})")
    if not args.binary.is_file():
        sys.exit(f"npm_package.py: no binary at {args.binary}")
    crate = crate_metadata()
    args.out.mkdir(parents=True, exist_ok=True)
    print(launcher_package(crate, args.out))
    print(platform_package(crate, name, args.binary, args.out))


if __name__ == "__main__":
    main()
