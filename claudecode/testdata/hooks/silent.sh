#!/bin/sh
# Reads its input and says nothing: success, no decision.
cat >/dev/null
