#!/usr/bin/env bash
# The Python package's checks, as CI runs them (.ci/run calls this after `cargo test`): a
# fresh virtual environment with maturin, numpy, pytest and open_spiel from PyPI, the package
# installed from source as a user does (`pip install ./python`, built with the `ci` profile
# that the workspace's tests use, as a user's build would be with `release`), then its tests.
# The agreement tests run the CLI that `cargo test --workspace --profile ci` built (or
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
if [ -z "${BOARDLAB_BIN:-}" ]; then
    [ -x "$target/ci/boardlab" ] || cargo build --profile ci -p boardlab-cli
    export BOARDLAB_BIN="$target/ci/boardlab"
fi

# The extension is built in the workspace's target folder with the tests' profile, so that
# the crates `cargo test` built are not built again with link-time optimisation.
CARGO_TARGET_DIR="$target" MATURIN_PEP517_ARGS="--profile ci" "$pip" install --quiet "$root/python"
# From the tests' folder, so that `import boardlab` is the installed package.
(cd "$root/python/tests" && "$work/venv/bin/python" -m pytest -q -p no:cacheprovider)
echo "python checks: $(($(date +%s) - start)) s"
