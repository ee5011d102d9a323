#!/bin/sh
# Never answers.
exec sleep 60
