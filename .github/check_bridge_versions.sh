#!/usr/bin/env bash
# The bridge (gymnasium_core.compat) and the registry view on the gymnasium releases they support.
#
# Usage: .github/check_bridge_versions.sh [TARGET ...]     (default: floor newest rllib)
#   floor    the floor of the `gymnasium` extra in pyproject.toml (1.0.0)
#   newest   the newest gymnasium release
#   rllib    resolve `ray[rllib]==2.60.*` together with `gymnasium-core[gymnasium]` (no install),
#            then test the bridge at the gymnasium release that resolution picks (RLlib pins one)
#   X.Y.Z    that gymnasium release
#
# Each release gets a scratch virtual environment outside the repository (the project's own
# .venv follows uv.lock and keeps the test group's gymnasium 1.4): the project, editable, with
# the extras the tests need, then that gymnasium. It runs the version-independent bridge tests:
# tests/compat/test_bridge_versions.py and the tests/compat files that hold on every release.
# Needs uv; Python from $BRIDGE_PYTHON (default 3.11). Exit status 1 if any target failed.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
PYTHON=${BRIDGE_PYTHON:-3.11}
RLLIB_REQUIREMENT='ray[rllib]==2.60.*'
SCRATCH=$(mktemp -d "${TMPDIR:-/tmp}/bridge-versions.XXXXXX")
trap 'rm -rf "$SCRATCH"' EXIT

TESTS=(
    tests/compat/test_bridge_versions.py
    tests/compat/test_compat_env.py
    tests/compat/test_compat_one_call.py
)
# Tests in those files that read what only gymnasium 1.1+ has (test_bridge_versions.py checks the
# same on every release).
ONLY_NEWER=(
    # gymnasium.vector.AutoresetMode (from 1.1)
    "tests/compat/test_compat_env.py::test_to_gymnasium__vector_env_converts_spaces_and_autoreset_mode"
)

floor() {
    local found
    found=$(sed -n 's/^gymnasium = \["gymnasium>=\([0-9.]*\)"\]$/\1/p' "$ROOT/pyproject.toml")
    [ -n "$found" ] || { echo "no gymnasium floor in pyproject.toml" >&2; return 1; }
    echo "$found"
}

# Resolve RLlib with our `gymnasium` extra; print the gymnasium release it picks.
rllib_gymnasium() {
    local dir="$SCRATCH/rllib"
    mkdir -p "$dir"
    printf '%s\ngymnasium-core[gymnasium] @ file://%s\n' "$RLLIB_REQUIREMENT" "$ROOT" >"$dir/requirements.in"
    uv pip compile --quiet --python-version "$PYTHON" "$dir/requirements.in" -o "$dir/resolved.txt" >&2
    grep -E '^(ray|gymnasium)==' "$dir/resolved.txt" | sed 's/^/  resolved: /' >&2
    sed -n 's/^gymnasium==\(.*\)$/\1/p' "$dir/resolved.txt"
}

# Install the project and gymnasium SPEC (a requirement) in a scratch venv; run the tests.
run_tests() {
    local name=$1 spec=$2 venv="$SCRATCH/venv-$1"
    uv venv --quiet --python "$PYTHON" "$venv" || return 1
    VIRTUAL_ENV="$venv" uv pip install --quiet -e "$ROOT[classic-control,toy-text,testing]" \
        "$spec" "pytest>=8" "pytest-timeout>=2.3.1" || return 1
    echo "gymnasium $("$venv/bin/python" -c 'import gymnasium; print(gymnasium.__version__)')" \
        "($name), Python $("$venv/bin/python" -c 'import sys; print(sys.version.split()[0])')"
    local deselect=()
    for test in "${ONLY_NEWER[@]}"; do deselect+=(--deselect "$test"); done
    (cd "$ROOT" && "$venv/bin/python" -m pytest -q -p no:cacheprovider "${deselect[@]}" "${TESTS[@]}")
}

# The gymnasium requirement for a target.
requirement() {
    case $1 in
        floor) echo "gymnasium==$(floor)" ;;
        newest) echo "gymnasium" ;;
        rllib)
            local pinned
            pinned=$(rllib_gymnasium) && [ -n "$pinned" ] || {
                echo "$RLLIB_REQUIREMENT does not resolve with gymnasium-core[gymnasium]" >&2
                return 1
            }
            echo "gymnasium==$pinned"
            ;;
        [0-9]*) echo "gymnasium==$1" ;;
        *) echo "unknown target $1 (floor, newest, rllib or X.Y.Z)" >&2; return 1 ;;
    esac
}

[ $# -gt 0 ] || set -- floor newest rllib
status=0
for target in "$@"; do
    echo "=== $target"
    if ! spec=$(requirement "$target"); then
        echo "FAILED: $target"
        status=1
    elif ! run_tests "$target" "$spec"; then
        echo "FAILED: bridge tests on $spec"
        status=1
    fi
done
exit $status
