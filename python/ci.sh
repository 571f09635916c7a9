#!/usr/bin/env bash
# The Python package's checks, as CI runs them (.ci/run calls this after `cargo test`): a
# fresh virtual environment with maturin, numpy, pytest and open_spiel from PyPI, the package
# installed from source exactly as a user does (`pip install ./python`), then its tests. The
# agreement tests run the release CLI that `cargo test --workspace --release` built (or
# $BOARDLAB_BIN); it is built here when missing.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
python=${PYTHON:-python3}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
start=$(date +%s)

"$python" -m venv "$work/venv"
pip="$work/venv/bin/pip"
"$pip" install --quiet --upgrade pip
"$pip" install --quiet "maturin>=1.5,<2" numpy pytest "open_spiel>=1.5"

target=${CARGO_TARGET_DIR:-$root/target}
if [ -z "${BOARDLAB_BIN:-}" ] && [ ! -x "$target/release/boardlab" ]; then
    cargo build --release -p boardlab-cli
fi

# The extension is built in the workspace's target folder, so that the crates `cargo test`
# built in release are not built again.
CARGO_TARGET_DIR="$target" "$pip" install --quiet "$root/python"
# From the tests' folder, so that `import boardlab` is the installed package.
(cd "$root/python/tests" && "$work/venv/bin/python" -m pytest -q -p no:cacheprovider)
echo "python checks: $(($(date +%s) - start)) s"
