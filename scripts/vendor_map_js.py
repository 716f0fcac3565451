"""Fetch the map's JavaScript libraries from npm and write them into kg/export/html_assets/vendor/.

    python3 scripts/vendor_map_js.py            # fetch the pinned versions and write the files
    python3 scripts/vendor_map_js.py --check    # fetch them and say whether the committed files match

The map (kg/export/html.py) inlines two minified UMD bundles: graphology (the graph model) and sigma.js (the WebGL
renderer). This script runs `npm pack` for the exact versions below in a temporary folder, checks each tarball
against the integrity hash pinned here (the registry's `dist.integrity`), and copies the bundle and its LICENSE
text. The one change made to a bundle: a trailing `//# sourceMappingURL=` comment is removed, since the page has
no map file beside it. VERSIONS.json records what was fetched, with the SHA-256 of every file written.

To move to other versions: change VERSION and INTEGRITY below (`npm view NAME@VERSION dist.integrity`), run the
script, run the tests (tests/test_export_html.py, tests/test_html_browser.py), and update README.md.
Needs Node.js's npm and the npm registry; nothing else.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import json
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

VENDOR = Path(__file__).resolve().parents[1] / "kg" / "export" / "html_assets" / "vendor"

# name -> (version, integrity, file in the package, license file in the package, file written)
PACKAGES: dict[str, tuple[str, str, str, str, str]] = {
    "graphology": (
        "0.26.0",
        "sha512-8SSImzgUUYC89Z042s+0r/vMibY7GX/Emz4LDO5e7jYXhuoWfHISPFJYjpRLUSJGq6UQ6xlenvX1p/hJdfXuXg==",
        "package/dist/graphology.umd.min.js", "package/LICENSE.txt", "graphology.umd.min.js",
    ),
    "sigma": (
        "3.0.3",
        "sha512-5H0zFlx6/NTQpqBg4Rm569ZOpnBOXMaS25UQThIWMU3XyzI5AhmorK/gnl87BvJBLhQd0tW4C0LIp3enWzMoNw==",
        "package/dist/sigma.min.js", "package/LICENSE.txt", "sigma.min.js",
    ),
}
SOURCE_MAP = re.compile(r"\n?//# sourceMappingURL=[^\n]*\n?\Z")


def _integrity(data: bytes) -> str:
    return "sha512-" + base64.b64encode(hashlib.sha512(data).digest()).decode("ascii")


def _sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def fetch(work: Path) -> dict[str, bytes]:
    """Every file to write, by name, from the pinned tarballs."""
    npm = shutil.which("npm")
    if npm is None:
        raise SystemExit("npm is not installed (it comes with Node.js)")
    files: dict[str, bytes] = {}
    record: dict[str, dict] = {}
    for name, (version, integrity, bundle, licence, target) in PACKAGES.items():
        spec = f"{name}@{version}"
        result = subprocess.run([npm, "pack", spec, "--silent", "--pack-destination", str(work)], cwd=work,
                                capture_output=True, text=True, check=False)
        if result.returncode != 0:
            raise SystemExit(f"npm pack {spec} failed:\n{result.stderr.strip()}")
        tarball = work / result.stdout.strip().splitlines()[-1]
        data = tarball.read_bytes()
        if _integrity(data) != integrity:
            raise SystemExit(f"{spec}: the tarball's integrity {_integrity(data)} is not the pinned {integrity}")
        with tarfile.open(tarball) as archive:
            code = archive.extractfile(bundle).read()  # type: ignore[union-attr]
            licence_text = archive.extractfile(licence).read()  # type: ignore[union-attr]
        code = SOURCE_MAP.sub("\n", code.decode("utf-8")).rstrip("\n").encode("utf-8") + b"\n"
        licence_name = f"{name}.LICENSE.txt"
        files[target] = code
        files[licence_name] = licence_text
        record[name] = {"version": version, "integrity": integrity, "from": bundle.removeprefix("package/"),
                        "files": {target: _sha256(code), licence_name: _sha256(licence_text)}}
    files["VERSIONS.json"] = (json.dumps(record, indent=2, sort_keys=True) + "\n").encode("utf-8")
    return files


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="compare with the committed files, write nothing")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="kg-vendor-") as temp:
        files = fetch(Path(temp))
    if args.check:
        differ = [n for n, data in files.items() if not (VENDOR / n).is_file() or (VENDOR / n).read_bytes() != data]
        for name in differ:
            print(f"differs: {VENDOR / name}")
        if not differ:
            print("the vendored files are those of the pinned versions")
        return 1 if differ else 0
    VENDOR.mkdir(parents=True, exist_ok=True)
    for name, data in sorted(files.items()):
        (VENDOR / name).write_bytes(data)
        print(f"wrote {VENDOR / name} ({len(data):,} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
