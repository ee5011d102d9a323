#!/bin/sh
# Two answers: which one would count? Neither.
printf '{"verdict":"allow"}\n{"verdict":"deny"}\n'
