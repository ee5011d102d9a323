#!/bin/sh
printf '{"verdict":"deny","reason":"rm -rf is not allowed here"}\n'
