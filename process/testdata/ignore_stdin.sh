#!/bin/sh
# Never reads its stdin, however much there is of it.
sleep 0.05
printf '{"verdict":"allow"}\n'
