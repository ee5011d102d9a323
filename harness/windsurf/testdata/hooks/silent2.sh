#!/usr/bin/env bash
# Exits 2 and says nothing.
exit 2
