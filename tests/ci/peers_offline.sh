#!/bin/sh
# ci/peers with the npm registry out of reach (a closed port on loopback):
# it must fail and say why, and skip (exit 0, with a banner saying nothing
# was checked) only when asked to with --skip-offline. A check that could
# not run is never a pass (the brief's rule for real components).
set -u
root=$1
out=$(mktemp)
trap 'rm -f "$out"' EXIT
fail() { echo "FAIL: $*" >&2; cat "$out" >&2; exit 1; }
hexref=${2:?usage: peers_offline.sh ROOT HEXREF}
offline() { npm_config_registry=http://127.0.0.1:9/ HEXREF="$hexref" bash "$root/ci/peers" "$@" >"$out" 2>&1; }

offline
rc=$?
[ "$rc" -eq 1 ] || fail "ci/peers offline exited $rc, not 1"
grep -q "FAIL peers: the npm registry cannot be reached" "$out" || fail "no reason named"
grep -q "SKIPPED" "$out" && fail "a default run says SKIPPED"

offline --skip-offline
rc=$?
[ "$rc" -eq 0 ] || fail "ci/peers --skip-offline offline exited $rc, not 0"
grep -q "SKIPPED (--skip-offline)" "$out" || fail "no SKIPPED banner"
grep -q "Nothing about Jocly was checked" "$out" || fail "the banner does not say nothing was checked"

offline --no-such-option
rc=$?
[ "$rc" -eq 2 ] || fail "an unknown option exited $rc, not 2"
echo "ci/peers offline: fails by default, skips only with --skip-offline (3 checks)"
