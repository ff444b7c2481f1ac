#!/usr/bin/env bash
# outputs.sh - regression cases of issue 25, items 4, 10 and 12: how output
# files are written and input files opened (docs/results.md, "Which outputs
# are written how").
#   - a regular file (or a new path) is replaced only by a complete file:
#     on a write error the old content stays and no temp file is left;
#   - a device, a FIFO or /dev/stdout is written in place, never replaced;
#   - a symlink is followed: it stays, its target gets the content;
#   - an input that is not a regular file (a FIFO) is refused at once with
#     its name, a dangling .fix symlink in a fixtures directory is an error;
#   - --help, --version and help fail on a write error like every command.
# The devices are nodes made here (mknod, as root), never the machine's
# /dev/full: a program that renames over its output would replace it.
# Usage: outputs.sh PATH/TO/hexref
set -u
hexref=$1
fixdir="$(cd "$(dirname "$0")/../fixtures" && pwd)"
suites="$(cd "$(dirname "$0")/../../perft-suites" && pwd)"
fix=$fixdir/glinski/perft.fix
passed=0 failed=0
tmp=$(mktemp -d)
mnt=""
cleanup() {
  [ -n "$mnt" ] && umount "$mnt" 2>/dev/null
  rm -rf "$tmp"
}
trap cleanup EXIT

check() { # check STATUS NAME
  if [ "$1" -eq 0 ]; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL: $2"; fi
}
hx() { timeout 60 "$hexref" "$@"; }
run() { hx "$@" >"$tmp/out" 2>"$tmp/err"; echo $? >"$tmp/rc"; }
rc() { cat "$tmp/rc"; }
why() { echo "rc $(rc), stderr: $(head -c 300 "$tmp/err")"; }

# Our own devices: as root a node in $tmp, otherwise the machine's (which a
# non-root run cannot replace, /dev not being writable).
dev=$tmp/dev
mkdir "$dev"
if mknod "$dev/full" c 1 7 2>/dev/null && mknod "$dev/null" c 1 3 2>/dev/null; then
  full=$dev/full null=$dev/null
else
  full=/dev/full null=/dev/null
fi
ln -s /proc/self/fd/1 "$dev/stdout" # what /dev/stdout is, in a place we own

# The outputs under test: WRITER KIND PATH writes output KIND to PATH.
writer() {
  local kind=$1 path=$2
  case $kind in
    junit) hx fixtures --junit "$path" "$fix" ;;
    report) hx fixtures --report "$path" "$fix" ;;
    show) hx show -v glinski --format svg -o "$path" ;;
    split) hx perft -v glinski --split 1 -o "$path" 3 ;;
  esac
}
kinds="junit report show split"
leftovers() { # files of the directory other than those named
  local dir=$1; shift
  ls -A "$dir" | grep -vxF -f <(printf '%s\n' "$@")
}

for k in $kinds; do
  # ---- A device that fails every write: an error, the device stays -------
  writer "$k" "$full" >"$tmp/out" 2>"$tmp/err"; echo $? >"$tmp/rc"
  [ "$(rc)" = 1 ] && grep -qF "$full" "$tmp/err" && [ -c "$full" ]
  check $? "$k to a full device: exit 1 naming it, still a device ($(why); $(ls -l "$full"))"
  [ -z "$(leftovers "$dev" full null stdout)" ]
  check $? "$k to a full device: no temp file beside it ($(leftovers "$dev" full null stdout))"

  # ---- A device that takes everything: exit 0, the device stays ---------
  writer "$k" "$null" >"$tmp/out" 2>"$tmp/err"; echo $? >"$tmp/rc"
  [ "$(rc)" = 0 ] && [ -c "$null" ]
  check $? "$k to a null device: exit 0, still a device ($(why); $(ls -l "$null"))"

  # ---- A FIFO is written in place: its reader gets the content ----------
  d=$tmp/$k-fifo; mkdir "$d"; mkfifo "$d/p"
  timeout 20 cat "$d/p" >"$d/../$k-fifo.got" &
  reader=$!
  writer "$k" "$d/p" >"$tmp/out" 2>"$tmp/err"; echo $? >"$tmp/rc"
  wait $reader
  [ "$(rc)" = 0 ] && [ -p "$d/p" ] && [ -s "$tmp/$k-fifo.got" ] && [ -z "$(leftovers "$d" p)" ]
  check $? "$k to a FIFO: exit 0, still a FIFO, its reader got $(wc -c <"$tmp/$k-fifo.got") bytes ($(why))"

  # ---- /dev/stdout (a symlink to /proc/self/fd/1): written in place -----
  hx_out=$(writer "$k" "$dev/stdout" 2>"$tmp/err" | cat; exit "${PIPESTATUS[0]}"); status=$?
  [ "$status" = 0 ] && [ -L "$dev/stdout" ] && [ -n "$hx_out" ]
  check $? "$k to /dev/stdout: exit 0, the link stays, the pipe got it (rc $status, $(ls -l "$dev/stdout"))"

  # ---- A symlink is followed: the link stays, the target is replaced ----
  d=$tmp/$k-link; mkdir -p "$d/real"
  echo old >"$d/real/target"
  ln -s real/target "$d/link"
  writer "$k" "$d/link" >"$tmp/out" 2>"$tmp/err"; echo $? >"$tmp/rc"
  [ "$(rc)" = 0 ] && [ -L "$d/link" ] && [ "$(readlink "$d/link")" = real/target ] \
    && [ "$(cat "$d/real/target")" != old ] && [ -s "$d/real/target" ] \
    && [ -z "$(leftovers "$d" real link)" ] && [ -z "$(leftovers "$d/real" target)" ]
  check $? "$k to a symlink: the link stays, its target has the content ($(why); $(ls -l "$d"))"

  # ---- A dangling symlink: the link stays, its target is created --------
  d=$tmp/$k-dangling; mkdir "$d"
  ln -s new "$d/link"
  writer "$k" "$d/link" >"$tmp/out" 2>"$tmp/err"; echo $? >"$tmp/rc"
  [ "$(rc)" = 0 ] && [ -L "$d/link" ] && [ -s "$d/new" ]
  check $? "$k to a dangling symlink: the link stays, its target is made ($(why); $(ls -l "$d"))"

  # ---- A regular file, writes failing (file size limit): old content ----
  # stays, no temp file is left. SIGXFSZ ignored, so a write past the limit
  # fails with EFBIG instead of killing hexref (ignored signals stay ignored
  # through exec).
  d=$tmp/$k-limit; mkdir "$d"
  echo old >"$d/out"
  # No file may grow at all, so stderr goes through a pipe and stdout to a
  # device.
  (trap '' XFSZ; ulimit -f 0; writer "$k" "$d/out" 2>&1 >"$null"; echo "rc=$?") | cat >"$tmp/err"
  sed -n 's/^rc=//p' "$tmp/err" >"$tmp/rc"
  [ "$(rc)" = 1 ] && grep -qF "$d/out" "$tmp/err" && [ "$(cat "$d/out")" = old ] \
    && [ -z "$(leftovers "$d" out)" ]
  check $? "$k to a regular file, a write failing: exit 1 naming it, old content, no temp file ($(why); $(ls -A "$d"))"

  # ---- A new regular file: the content, nothing beside it ---------------
  d=$tmp/$k-new; mkdir "$d"
  writer "$k" "$d/out" >"$tmp/out" 2>"$tmp/err"; echo $? >"$tmp/rc"
  [ "$(rc)" = 0 ] && [ -s "$d/out" ] && [ -z "$(leftovers "$d" out)" ]
  check $? "$k to a new file: written, nothing beside it ($(why); $(ls -A "$d"))"
done

# ---- A full disk (a small tmpfs; only where one can be mounted) -----------
if [ "$(id -u)" = 0 ] && mkdir "$tmp/mnt" && mount -t tmpfs -o size=16k tmpfs "$tmp/mnt" 2>/dev/null; then
  mnt=$tmp/mnt
  for k in $kinds; do
    echo old >"$mnt/out"
    head -c 12000 /dev/zero >"$mnt/filler" 2>/dev/null
    writer "$k" "$mnt/out" >"$tmp/out" 2>"$tmp/err"; echo $? >"$tmp/rc"
    [ "$(rc)" = 1 ] && grep -qF "$mnt/out" "$tmp/err" && [ "$(cat "$mnt/out")" = old ] \
      && [ -z "$(leftovers "$mnt" out filler)" ]
    check $? "$k on a full disk: exit 1 naming the file, old content, no temp file ($(why); $(ls -A "$mnt"))"
    rm -f "$mnt"/*
  done
fi

# ---- Item 10: inputs that are not regular files are refused at once -------
d=$tmp/fixdir; mkdir "$d"
cp "$fix" "$d/a.fix"
mkfifo "$d/x.fix"
run fixtures "$d"
[ "$(rc)" = 1 ] && grep -qF "$d/x.fix" "$tmp/err" "$tmp/out"
check $? "fixtures: a FIFO x.fix in the directory is refused with its name, not waited on ($(why))"
run fixtures "$d/x.fix"
[ "$(rc)" = 1 ] && grep -qF "$d/x.fix" "$tmp/err" "$tmp/out"
check $? "fixtures: a FIFO given as the fixture file is refused ($(why))"
rm "$d/x.fix"
ln -s nowhere.fix "$d/y.fix"
run fixtures "$d"
[ "$(rc)" = 1 ] && grep -qF "$d/y.fix" "$tmp/err" "$tmp/out"
check $? "fixtures: a dangling y.fix symlink is an error naming it ($(why); stdout: $(tail -c 200 "$tmp/out"))"
rm "$d/y.fix" "$d/a.fix"
ln -s "$fix" "$d/z.fix"
run fixtures "$d"
[ "$(rc)" = 0 ]
check $? "fixtures: a symlink to a fixture file is read ($(why))"

mkfifo "$tmp/suite.epd"
run suite "$tmp/suite.epd"
[ "$(rc)" = 1 ] && grep -qF "$tmp/suite.epd" "$tmp/err"
check $? "suite: a FIFO as the suite file is refused with its name ($(why))"
run suite -v glinski --max-nodes 1 "$tmp/suite.epd"
[ "$(rc)" = 1 ] && grep -qF "$tmp/suite.epd" "$tmp/err"
check $? "suite: a FIFO as the suite file is refused with -v too ($(why))"

mkfifo "$tmp/results"
hx perft -v glinski --split 1 -o "$tmp/jobs" 2 2>/dev/null
run merge "$tmp/jobs" "$tmp/results"
[ "$(rc)" = 1 ] && grep -qF "$tmp/results" "$tmp/err"
check $? "merge: a FIFO as a results file is refused with its name ($(why))"

mkfifo "$tmp/gen"
run gen -v glinski --count 1 --depth 1 --seed 1 --resume -o "$tmp/gen"
[ "$(rc)" = 1 ] && grep -qF "$tmp/gen" "$tmp/err"
check $? "gen --resume: a FIFO as the file to continue is refused with its name ($(why))"

# ---- Item 12: a lost write of the main output is an error -----------------
# A device of its own, should a case above have replaced the first one.
mknod "$dev/full12" c 1 7 2>/dev/null && full=$dev/full12
for args in "--help" "-h" "--version" "help" "help perft" "perft --help" "variants" "variants --format json" \
            "perft -v glinski 1" "show -v glinski" "moves -v glinski" "fixtures $fix"; do
  # shellcheck disable=SC2086
  hx $args >"$full" 2>"$tmp/err"; status=$?
  [ "$status" = 1 ] && grep -qi "write error\|No space" "$tmp/err" && [ -c "$full" ]
  check $? "hexref $args > full device: exit 1 with a message (rc $status, stderr: $(head -c 200 "$tmp/err"))"
done

echo "outputs: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
