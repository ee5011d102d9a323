#!/bin/sh
# Two answers: which one would count? Neither.
printf '{"decision":"allow"}\n{"decision":"deny"}\n'
