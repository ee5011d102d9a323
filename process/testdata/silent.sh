#!/bin/sh
# Exits 0 and prints nothing: not an answer, and certainly not consent.
exit 0
