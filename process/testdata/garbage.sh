#!/bin/sh
echo 'Looks good to me!'
