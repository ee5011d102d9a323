#!/bin/sh
# Deliberately not executable (mode 0644).
printf '{"verdict":"allow"}\n'
