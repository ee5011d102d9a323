#!/usr/bin/env bash
cat >/dev/null
jq -n '{continue: false, stopReason: "the test suite is red"}'
