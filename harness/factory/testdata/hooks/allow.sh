#!/bin/bash
# Says nothing: the call goes on.
cat >/dev/null
exit 0
