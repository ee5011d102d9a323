#!/bin/sh
# Allows every call, without reading its request.
printf '{"decision":"allow"}\n'
