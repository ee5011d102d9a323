#!/usr/bin/env bash
# Qwen: "continue": false with a stopReason.
cat >/dev/null
echo '{"continue": false, "stopReason": "the test suite is red"}'
