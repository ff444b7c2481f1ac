#!/bin/sh
# Starts an answer, then dies of a segmentation fault.
echo "c1c2 1"
kill -SEGV $$
