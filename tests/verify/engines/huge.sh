#!/bin/sh
# Endless output: verify must stop reading at its cap and kill it.
exec yes "c1c2 1"
