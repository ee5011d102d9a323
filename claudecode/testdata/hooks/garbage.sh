#!/bin/sh
# Prints something that starts like JSON and is not.
cat >/dev/null
printf '%s\n' '{this is not json'
