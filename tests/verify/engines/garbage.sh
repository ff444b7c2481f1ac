#!/bin/sh
# Not perft output at all.
echo "Welcome to MyEngine 1.0"
echo "ready."
