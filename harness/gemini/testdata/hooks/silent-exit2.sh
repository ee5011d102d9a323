#!/usr/bin/env bash
cat >/dev/null
exit 2
