#!/usr/bin/env bash
# Cline: an answer over several lines, between debug lines.
cat > /dev/null
echo "checking {the call}"
printf '{\n  "cancel": true,\n  "contextModification": "the build is red"\n}\n'
echo "done"
