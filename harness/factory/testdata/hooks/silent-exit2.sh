#!/bin/bash
# Status 2 with nothing on stderr still blocks.
cat >/dev/null
exit 2
