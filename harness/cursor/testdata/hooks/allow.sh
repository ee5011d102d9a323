#!/usr/bin/env bash
# Cursor: permission allow lets the call run.
cat >/dev/null
echo '{"permission":"allow"}'
