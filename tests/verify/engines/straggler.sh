#!/bin/sh
# Answers correctly but leaves a background job holding stdout: verify must
# time out and kill the whole process group.
sleep 347 &
"$(dirname "$0")/../../../examples/hexref-perftree" "$@"
