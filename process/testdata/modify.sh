#!/bin/sh
# Pins the input it runs with; surrounding white space is fine.
printf '\n  {"verdict":"modify","reason":"pinned a timeout","input":{"command":"ls","timeout":10}}  \n\n'
