#!/usr/bin/env bash
# Outruns its timeout.
sleep 5
exit 2
