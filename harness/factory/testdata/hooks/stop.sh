#!/bin/bash
# Stops the run.
cat >/dev/null
echo '{"continue":false,"stopReason":"the build is red"}'
