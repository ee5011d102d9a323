#!/bin/sh
# Allows every call, without reading its request.
printf '{"verdict":"allow"}\n'
