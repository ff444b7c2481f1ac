# common.sh - what every regression script of this folder shares; sourced
# after the script has set $hexref and its own run() (each wraps hexref in
# its own timeout or valgrind). Defines the counters, the scratch folder
# $tmp (removed on exit unless the script sets its own EXIT trap), check,
# rc and expect.
passed=0 failed=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# check STATUS NAME: STATUS first, so that $? is taken before any command
# substitution in NAME runs (each one resets $?).
check() {
  if [ "$1" -eq 0 ]; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL: $2"; fi
}
rc() { cat "$tmp/rc"; }
expect() { # expect NAME CODE MESSAGE-PART ARGS...: exit CODE, MESSAGE-PART on stderr
  local name=$1 code=$2 part=$3; shift 3
  run "$@"
  [ "$(rc)" = "$code" ] && grep -qF -- "$part" "$tmp/err"
  check $? "$name (rc $(rc), stderr: $(head -c 300 "$tmp/err"))"
}
