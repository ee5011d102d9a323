#!/bin/sh
# Deliberately not executable (mode 0644).
printf '{"decision":"allow"}\n'
