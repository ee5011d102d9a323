#!/usr/bin/env bash
# Gemini: continue false kills the agent loop, with the stopReason.
cat >/dev/null
echo '{"continue": false, "stopReason": "the test suite is red"}'
