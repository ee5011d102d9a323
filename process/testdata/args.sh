#!/bin/sh
# Prints each argument on a line of its own, as received.
for a in "$@"; do printf '%s\n' "$a"; done
