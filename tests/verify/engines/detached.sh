#!/bin/sh
# Answers correctly and leaves a detached background job behind: the answer
# counts, and the job is killed with the process group.
sleep 348 >/dev/null 2>&1 &
"$(dirname "$0")/../../../examples/hexref-perftree" "$@"
